import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeVisionMode =
  /** answers every digit cell with `digits` (per cell id when a function; confidence 0.99; an empty string is a blank cell) and every text cell blank */
  | { kind: 'read'; digits: string | ((cellId: string) => string); delayMs?: number }
  /** accepts the request and never answers */
  | { kind: 'stall' }
  /** answers a completion whose content is not the requested JSON */
  | { kind: 'garbage' }
  /** answers an HTTP status without a body */
  | { kind: 'status'; status: number };

/**
 * A loopback stand-in for an OpenAI-compatible vision API, speaking the Chat Completions
 * shape the HTTP vision provider sends: it finds the cell ids in the text parts and answers
 * per its current mode. Counts the requests it received.
 */
export class FakeVisionProvider {
  mode: FakeVisionMode = { kind: 'read', digits: '4' };
  requests = 0;
  /** `store` and `response_format` of the last request (retention and format checks). */
  lastRequest?: { store: unknown; model: unknown; authorization: string | undefined; cellIds: string[] };
  private server?: Server;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        this.requests++;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          store: unknown;
          model: unknown;
          messages: { content: { type: string; text?: string }[] }[];
        };
        const cells = body.messages[0].content
          .filter((p) => p.type === 'text' && p.text?.startsWith('id '))
          .map((p) => /^id (\S+) \((digits|text)/.exec(p.text!)!)
          .map((m) => ({ id: m[1], content: m[2] }));
        this.lastRequest = { store: body.store, model: body.model, authorization: request.headers.authorization, cellIds: cells.map((c) => c.id) };
        const mode = this.mode;
        if (mode.kind === 'stall') return;
        if (mode.kind === 'status') {
          response.writeHead(mode.status).end();
          return;
        }
        const content =
          mode.kind === 'garbage'
            ? 'I think the first cell says four.'
            : JSON.stringify({
                cells: cells.map((c) => {
                  const text = c.content === 'digits' ? (typeof mode.digits === 'string' ? mode.digits : mode.digits(c.id)) : '';
                  return text === '' ? { id: c.id, blank: true, text: null, confidence: 0.99 } : { id: c.id, blank: false, text, confidence: 0.99 };
                }),
              });
        const answer = () => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ choices: [{ finish_reason: 'stop', message: { content } }] }));
        };
        if (mode.kind === 'read' && mode.delayMs) setTimeout(answer, mode.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
