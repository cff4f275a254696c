import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpVisionProvider, type HttpVisionProviderOptions } from './http-vision-provider';
import { HandwritingProviderError, type CellImage } from './provider';

/** A loopback stand-in for an OpenAI-compatible endpoint; each test sets how it answers. */
let server: Server;
let baseUrl: string;
let handler: (request: IncomingMessage, body: string, response: ServerResponse) => void;
let received: { url?: string; headers: IncomingMessage['headers']; body: string }[];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ url: request.url, headers: request.headers, body });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
});

function cell(id: string, content: CellImage['content'] = 'digits', maxDigits = 2): CellImage {
  const width = 40;
  const height = 24;
  const data = new Uint8Array(width * height).fill(240);
  for (let y = 6; y < 18; y++) data[y * width + 20] = 20;
  return { id, content, maxDigits, image: { data, width, height } };
}

function provider(overrides: Partial<HttpVisionProviderOptions> = {}): HttpVisionProvider {
  return new HttpVisionProvider({ url: baseUrl, apiKey: 'sk-test', model: 'vision-test', timeoutMs: 2_000, acceptThreshold: 0.97, ...overrides });
}

function answerWith(content: unknown, status = 200): void {
  handler = (_request, _body, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'cmpl-1',
        choices: [
          { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) } },
        ],
      }),
    );
  };
}

async function failureCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HandwritingProviderError);
    return (error as HandwritingProviderError).code;
  }
  throw new Error('expected the reading to fail');
}

describe('HttpVisionProvider', () => {
  it('sends one stored-off JSON-mode chat request with every cell as a PNG data URL and maps the answer', async () => {
    answerWith({
      cells: [
        { id: 'hole-1.score', blank: false, text: '4', confidence: 0.99 },
        { id: 'hole-1.putts', blank: true, text: null, confidence: 0.95 },
        { id: 'roundDetails.course', blank: false, text: 'Pine Hills', confidence: 0.8 },
      ],
    });
    const readings = await provider().readCells([cell('hole-1.score'), cell('hole-1.putts', 'digits', 1), cell('roundDetails.course', 'text')]);
    expect(readings).toEqual([
      { id: 'hole-1.score', blank: false, literal: '4', confidence: 0.99, alternatives: [] },
      { id: 'hole-1.putts', blank: true, literal: null, confidence: 0.95, alternatives: [] },
      { id: 'roundDetails.course', blank: false, literal: 'Pine Hills', confidence: 0.8, alternatives: [] },
    ]);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ model: 'vision-test', store: false, response_format: { type: 'json_object' } });
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0].role).toBe('user');
    const images = body.messages[0].content.filter((p: { type: string }) => p.type === 'image_url');
    expect(images).toHaveLength(3);
    for (const image of images) {
      const url: string = image.image_url.url;
      expect(url.startsWith('data:image/png;base64,')).toBe(true);
      expect(Buffer.from(url.slice('data:image/png;base64,'.length), 'base64').subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
    }
    expect(body.messages[0].content[0]).toMatchObject({ type: 'text' });
    expect(body.messages[0].content[0].text).toContain('"cells"');
  });

  it('never accepts a digit cell read as something other than a number', async () => {
    answerWith({ cells: [{ id: 'a', blank: false, text: '4x', confidence: 0.99 }] });
    const [reading] = await provider().readCells([cell('a')]);
    expect(reading).toMatchObject({ blank: false, literal: '4x', confidence: 0 });
  });

  it('sends nothing for no cells', async () => {
    expect(await provider().readCells([])).toEqual([]);
    expect(received).toHaveLength(0);
  });

  it.each([
    ['a connection refused', 'provider-unavailable'],
    ['a DNS failure', 'provider-unavailable'],
  ])('maps %s to %s', async (what, code) => {
    const fetchImpl = (async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('boom'), { code: what === 'a DNS failure' ? 'ENOTFOUND' : 'ECONNREFUSED' }) });
    }) as typeof fetch;
    expect(await failureCode(provider({ fetchImpl }).readCells([cell('a')]))).toBe(code);
  });

  it('maps a real refused loopback connection to provider-unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failureCode(provider({ url: `http://127.0.0.1:${port}/v1` }).readCells([cell('a')]))).toBe('provider-unavailable');
  });

  it.each([500, 502, 503, 429])('maps HTTP %i to provider-unavailable', async (status) => {
    handler = (_request, _body, response) => response.writeHead(status).end('{"error":{"message":"busy"}}');
    expect(await failureCode(provider().readCells([cell('a')]))).toBe('provider-unavailable');
  });

  it.each([401, 403])('maps HTTP %i to provider-misconfigured', async (status) => {
    handler = (_request, _body, response) => response.writeHead(status).end('{"error":{"message":"bad key"}}');
    expect(await failureCode(provider().readCells([cell('a')]))).toBe('provider-misconfigured');
  });

  it('refuses to be built without a URL or key (provider-misconfigured)', () => {
    for (const overrides of [{ url: '' }, { apiKey: '' }, { url: 'not a url' }, { url: 'ftp://example.test' }]) {
      let code: string | undefined;
      try {
        provider(overrides);
      } catch (error) {
        code = (error as HandwritingProviderError).code;
      }
      expect(code).toBe('provider-misconfigured');
    }
  });

  it('maps a request that got no answer in time to provider-outcome-unknown', async () => {
    handler = () => undefined; // accepts the request, never answers
    expect(await failureCode(provider({ timeoutMs: 150 }).readCells([cell('a')]))).toBe('provider-outcome-unknown');
    expect(received).toHaveLength(1);
  });

  it('maps a caller cancelling mid-request to provider-outcome-unknown, and before sending to provider-unavailable', async () => {
    const controller = new AbortController();
    handler = () => controller.abort(); // the provider has the request; then the caller gives up
    expect(await failureCode(provider().readCells([cell('a')], { signal: controller.signal }))).toBe('provider-outcome-unknown');
    expect(received).toHaveLength(1);
    expect(await failureCode(provider().readCells([cell('a')], { signal: AbortSignal.abort() }))).toBe('provider-unavailable');
  });

  it.each([
    ['a body that is not JSON', () => (handler = (_q, _b, r) => r.writeHead(200).end('<html>'))],
    ['a completion without choices', () => (handler = (_q, _b, r) => r.writeHead(200).end('{"choices":[]}'))],
    ['content that is not JSON', () => answerWith('the cell says 4')],
    ['a cell missing from the answer', () => answerWith({ cells: [] })],
    ['an id that was not sent', () => answerWith({ cells: [{ id: 'b', blank: true, text: null, confidence: 0.9 }] })],
    [
      'a cell answered twice',
      () =>
        answerWith({
          cells: [
            { id: 'a', blank: true, text: null, confidence: 0.9 },
            { id: 'a', blank: true, text: null, confidence: 0.9 },
          ],
        }),
    ],
    ['a confidence outside 0..1', () => answerWith({ cells: [{ id: 'a', blank: false, text: '4', confidence: 1.5 }] })],
    ['a blank cell with text', () => answerWith({ cells: [{ id: 'a', blank: true, text: '4', confidence: 0.9 }] })],
    ['a written cell without text', () => answerWith({ cells: [{ id: 'a', blank: false, text: null, confidence: 0.9 }] })],
    ['a wrong type', () => answerWith({ cells: [{ id: 'a', blank: 'no', text: '4', confidence: 0.9 }] })],
  ])('maps %s to provider-invalid-response', async (_what, arrange) => {
    arrange();
    expect(await failureCode(provider().readCells([cell('a')]))).toBe('provider-invalid-response');
  });

  it('never puts the raw answer into its error messages', async () => {
    answerWith('SECRET-CONTENT not json');
    try {
      await provider().readCells([cell('a')]);
      throw new Error('expected a failure');
    } catch (error) {
      expect((error as Error).message).not.toContain('SECRET-CONTENT');
    }
  });
});
