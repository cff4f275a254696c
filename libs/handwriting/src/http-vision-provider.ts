import sharp from 'sharp';
import { z } from 'zod';
import { HandwritingProviderError, type CellImage, type CellReading, type HandwritingProvider } from './provider';

export interface HttpVisionProviderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1` (no trailing slash needed). */
  url: string;
  apiKey: string;
  model: string;
  /** Whole request budget, milliseconds. */
  timeoutMs: number;
  /** Confidence at or above which the provider's readings are accepted without review. */
  acceptThreshold: number;
  fetchImpl?: typeof fetch;
}

const INSTRUCTION = [
  'Each image below is one cell cropped from a photographed golf scorecard, preceded by its id.',
  'Thin straight printed lines near the image edges are the cell border, not handwriting; ignore them and any printed text.',
  'For every cell, read the handwriting inside the border.',
  'Cells marked "digits" hold a whole number written with digits only; cells marked "text" hold free text.',
  'Answer with one JSON object and nothing else: {"cells":[{"id":string,"blank":boolean,"text":string|null,"confidence":number}]},',
  'one entry per cell, in the order given, using the given ids.',
  'blank is true when the cell holds no handwriting (then text is null); text is exactly what is written (digits only for digit cells).',
  'confidence is your probability from 0 to 1 that blank and text are both right; if unsure, give a low confidence rather than a guess.',
].join(' ');

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({ content: z.string().nullable(), refusal: z.string().nullish() }),
      }),
    )
    .min(1),
});

const answerSchema = z.object({
  cells: z.array(
    z.object({
      id: z.string(),
      blank: z.boolean(),
      text: z.string().nullable(),
      confidence: z.number().min(0).max(1),
    }),
  ),
});

/** Connection failures that happen before a request can have reached the provider. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * Reads cells with a vision model behind the OpenAI-compatible Chat Completions API (off by
 * default). Responses are requested with `store: false`; neither the images nor the raw answer
 * are ever logged or kept, and error messages never quote the answer.
 */
export class HttpVisionProvider implements HandwritingProvider {
  readonly name = 'http-vision';
  readonly readsText = true;
  readonly acceptThreshold: number;
  private readonly endpoint: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: HttpVisionProviderOptions) {
    if (!options.url) throw new HandwritingProviderError('provider-misconfigured', 'the vision provider URL is missing');
    if (!options.apiKey) throw new HandwritingProviderError('provider-misconfigured', 'the vision provider API key is missing');
    if (!options.model) throw new HandwritingProviderError('provider-misconfigured', 'the vision provider model is missing');
    let base: URL;
    try {
      base = new URL(options.url);
    } catch {
      throw new HandwritingProviderError('provider-misconfigured', 'the vision provider URL is not a URL');
    }
    if (base.protocol !== 'https:' && base.protocol !== 'http:')
      throw new HandwritingProviderError('provider-misconfigured', 'the vision provider URL must be http(s)');
    this.endpoint = `${options.url.replace(/\/+$/, '')}/chat/completions`;
    this.acceptThreshold = options.acceptThreshold;
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  async readCells(cells: readonly CellImage[], options: { signal?: AbortSignal } = {}): Promise<CellReading[]> {
    if (cells.length === 0) return [];
    if (new Set(cells.map((c) => c.id)).size !== cells.length) throw new RangeError('cell ids must be unique within one request');
    if (options.signal?.aborted) throw new HandwritingProviderError('provider-unavailable', 'the reading was cancelled before it was sent');
    const body = JSON.stringify(await this.requestBody(cells));
    if (options.signal?.aborted) throw new HandwritingProviderError('provider-unavailable', 'the reading was cancelled before it was sent');
    const content = await this.post(body, options.signal);
    return parseAnswer(content, cells);
  }

  private async requestBody(cells: readonly CellImage[]): Promise<unknown> {
    const parts: unknown[] = [{ type: 'text', text: INSTRUCTION }];
    for (const cell of cells) {
      const { data, width, height } = cell.image;
      const png = await sharp(Buffer.from(data.buffer, data.byteOffset, width * height), { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer();
      const kind = cell.content === 'digits' ? `digits, at most ${cell.maxDigits ?? 3}` : 'text';
      parts.push({ type: 'text', text: `id ${cell.id} (${kind}):` });
      parts.push({ type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } });
    }
    return {
      model: this.options.model,
      // Responses must not be retained by the provider (spec: response storage disabled).
      store: false,
      response_format: { type: 'json_object' },
      messages: [{ role: 'user', content: parts }],
    };
  }

  /** Sends the request; returns the assistant message's content or throws a mapped provider error. */
  private async post(body: string, callerSignal: AbortSignal | undefined): Promise<string> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.options.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([timeout.signal, callerSignal]) : timeout.signal;
    try {
      let response: Response;
      try {
        response = await this.fetchImpl(this.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.apiKey}` },
          body,
          signal,
        });
      } catch (error) {
        throw mapFetchFailure(error, signal.aborted);
      }
      if (response.status === 401 || response.status === 403) {
        await discard(response);
        throw new HandwritingProviderError('provider-misconfigured', `the vision provider refused the credentials (HTTP ${response.status})`);
      }
      if (response.status === 429 || response.status >= 500) {
        await discard(response);
        throw new HandwritingProviderError('provider-unavailable', `the vision provider is unavailable (HTTP ${response.status})`);
      }
      if (response.status === 400 || response.status === 404 || response.status === 405 || response.status === 413 || response.status === 422) {
        await discard(response);
        throw new HandwritingProviderError(
          'provider-misconfigured',
          `the vision provider rejected the request (HTTP ${response.status}); check the URL and model`,
        );
      }
      if (response.status !== 200) {
        await discard(response);
        throw new HandwritingProviderError('provider-invalid-response', `the vision provider answered HTTP ${response.status}`);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw signal.aborted
          ? new HandwritingProviderError('provider-outcome-unknown', 'the vision provider did not finish its answer in time')
          : new HandwritingProviderError('provider-outcome-unknown', `the vision provider's answer was cut off (${describe(error)})`);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new HandwritingProviderError('provider-invalid-response', 'the vision provider did not answer JSON');
      }
      const completion = completionSchema.safeParse(json);
      if (!completion.success) throw new HandwritingProviderError('provider-invalid-response', 'the vision provider did not answer a chat completion');
      const choice = completion.data.choices[0];
      if (choice.message.refusal) throw new HandwritingProviderError('provider-invalid-response', 'the vision model refused to read the cells');
      if (choice.finish_reason === 'length') throw new HandwritingProviderError('provider-invalid-response', 'the vision model answer was truncated');
      if (choice.message.content === null) throw new HandwritingProviderError('provider-invalid-response', 'the vision model answered no content');
      return choice.message.content;
    } finally {
      clearTimeout(timer);
    }
  }
}

function parseAnswer(content: string, cells: readonly CellImage[]): CellReading[] {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new HandwritingProviderError('provider-invalid-response', 'the vision model did not answer a JSON object');
  }
  const answer = answerSchema.safeParse(json);
  if (!answer.success)
    throw new HandwritingProviderError(
      'provider-invalid-response',
      `the vision model answer does not match the schema (${answer.error.issues[0]?.path.join('.')})`,
    );
  const byId = new Map<string, (typeof answer.data.cells)[number]>();
  for (const entry of answer.data.cells) {
    if (byId.has(entry.id)) throw new HandwritingProviderError('provider-invalid-response', 'the vision model answered a cell twice');
    byId.set(entry.id, entry);
  }
  if (byId.size !== cells.length || cells.some((c) => !byId.has(c.id))) {
    throw new HandwritingProviderError('provider-invalid-response', 'the vision model answer does not cover exactly the cells sent');
  }
  return cells.map((cell) => {
    const entry = byId.get(cell.id)!;
    const text = entry.text?.trim() ?? '';
    if (entry.blank) {
      if (text !== '') throw new HandwritingProviderError('provider-invalid-response', 'the vision model answered a blank cell with text');
      return { id: cell.id, blank: true, literal: null, confidence: entry.confidence, alternatives: [] };
    }
    if (text === '') throw new HandwritingProviderError('provider-invalid-response', 'the vision model answered a written cell without text');
    // A digit cell read as something other than a number is kept for review, never accepted.
    const valid = cell.content !== 'digits' || new RegExp(`^\\d{1,${cell.maxDigits ?? 3}}$`).test(text);
    return { id: cell.id, blank: false, literal: text, confidence: valid ? entry.confidence : 0, alternatives: [] };
  });
}

function mapFetchFailure(error: unknown, aborted: boolean): HandwritingProviderError {
  const code = errorCode(error);
  if (code && NOT_SENT_CODES.has(code)) return new HandwritingProviderError('provider-unavailable', `the vision provider cannot be reached (${code})`);
  if (aborted)
    return new HandwritingProviderError('provider-outcome-unknown', 'the vision provider did not answer in time; the request may have been processed');
  return new HandwritingProviderError('provider-outcome-unknown', `the connection to the vision provider failed after sending (${describe(error)})`);
}

/** The system error code of a fetch failure (undici puts it on `cause`, sometimes nested). */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length) current = errors[0];
    else current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function describe(error: unknown): string {
  return errorCode(error) ?? (error instanceof Error ? error.name : 'unknown error');
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}
