import { isIP } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import { ApiProblem } from '../platform/problems/api-problem';
import { BlockedAddressError, isPublicAddress, publicOnlyLookup, type Resolver } from './public-address-policy';

/** Spec Limits: URL ingestion. */
export const URL_INGESTION_LIMITS = {
  maxBytes: 15 * 1024 * 1024,
  maxRedirects: 3,
  deadlineMs: 15_000,
} as const;

const MAX_URL_LENGTH = 2048;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The image URL rule: https, a public hostname (or public IP literal), default port, no
 * credentials, no fragment. Returns the parsed URL or throws 400 invalid-image-url.
 */
export function validateImageUrl(raw: string, base?: URL): URL {
  const invalid = (why: string) => new ApiProblem('invalid-image-url', `The image URL ${why}.`);
  if (raw.length > MAX_URL_LENGTH) throw invalid(`is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw invalid('is not a valid absolute URL');
  }
  if (url.protocol !== 'https:') throw invalid('must use https');
  if (url.username || url.password) throw invalid('must not carry credentials');
  // WHATWG URL drops an empty fragment ("#"), so look at the text too.
  if (url.hash || raw.includes('#')) throw invalid('must not carry a fragment');
  if (url.port !== '') throw invalid('must use the default https port');
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw invalid('names a non-public address');
  } else if (!host.includes('.') || /\.(localhost|local|internal|localdomain|home\.arpa)\.?$/i.test(host) || host === 'localhost') {
    throw invalid('must name a public hostname');
  }
  return url;
}

/** The connection pool for image downloads: every address is checked at connect time. */
export function createImageFetchDispatcher(resolve?: Resolver): Agent {
  return new Agent({
    connect: { lookup: publicOnlyLookup(resolve) as never, timeout: URL_INGESTION_LIMITS.deadlineMs },
    headersTimeout: URL_INGESTION_LIMITS.deadlineMs,
    bodyTimeout: URL_INGESTION_LIMITS.deadlineMs,
    maxResponseSize: URL_INGESTION_LIMITS.maxBytes,
    // One request per fetch: no pooled socket outlives the check of its address.
    pipelining: 0,
  });
}

function isBlocked(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof BlockedAddressError || e.code === 'ERR_SCORECARD_ADDRESS_BLOCKED') return true;
  }
  return false;
}

/**
 * Downloads an image URL under one deadline for the whole exchange, following at most three
 * redirects by hand (each target revalidated), and stopping at 15 MiB.
 */
export async function fetchImageUrl(raw: string, dispatcher: Dispatcher, limits = URL_INGESTION_LIMITS): Promise<Buffer> {
  let url = validateImageUrl(raw);
  const signal = AbortSignal.timeout(limits.deadlineMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await request(url, {
        method: 'GET',
        dispatcher,
        signal,
        headers: { accept: 'image/jpeg, image/png, image/webp;q=0.9, */*;q=0.1', 'user-agent': 'caddie-scorecards/1' },
      });
      if (REDIRECT_STATUSES.has(response.statusCode)) {
        await response.body.dump();
        const location = response.headers.location;
        if (typeof location !== 'string') throw new ApiProblem('image-fetch-failed', `The image URL answered ${response.statusCode} without a Location.`);
        if (redirects >= limits.maxRedirects) throw new ApiProblem('image-fetch-failed', `The image URL redirects more than ${limits.maxRedirects} times.`);
        url = validateImageUrl(location, url);
        continue;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        await response.body.dump();
        throw new ApiProblem('image-fetch-failed', `The image URL answered HTTP ${response.statusCode}.`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        await response.body.dump();
        throw new ApiProblem('image-too-large', `The image is ${declared} bytes, above the ${limits.maxBytes} byte limit.`);
      }
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of response.body) {
        total += (chunk as Buffer).length;
        if (total > limits.maxBytes) {
          response.body.destroy();
          throw new ApiProblem('image-too-large', `The image exceeds the ${limits.maxBytes} byte limit.`);
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    }
  } catch (error) {
    if (error instanceof ApiProblem) throw error;
    if (isBlocked(error)) throw new ApiProblem('invalid-image-url', 'The image URL host resolves to a non-public address.');
    if ((error as { code?: string }).code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE')
      throw new ApiProblem('image-too-large', `The image exceeds the ${limits.maxBytes} byte limit.`);
    const reason = signal.aborted ? `was not downloaded within ${limits.deadlineMs / 1000} seconds` : 'could not be reached';
    throw new ApiProblem('image-fetch-failed', `The image URL ${reason}.`);
  }
}
