/**
 * What one problem `code` means: HTTP status, title, and what the client should do. Each code is
 * declared once, in its feature's `*-problems.ts` (the platform's here), and problem-catalog.ts
 * joins them into the closed `ProblemCode` union. Codes are stable; add new ones, never rename.
 */
export interface ProblemCodeSpec {
  status: number;
  title: string;
  /** what it means and what to do about it */
  hint: string;
}

const platform = {
  'missing-credential': { status: 401, title: 'Missing credential', hint: 'Send the API key in x-api-key or Authorization: Bearer.' },
  'invalid-credential': { status: 401, title: 'Invalid credential', hint: 'The key is unknown, malformed or revoked; use a current key.' },
  'ambiguous-credential': { status: 401, title: 'Ambiguous credential', hint: 'x-api-key and Authorization carry different keys; send one.' },
  'credential-in-query': {
    status: 401,
    title: 'Credential in URL',
    hint: 'Credentials in query strings are never accepted; use a header. Treat the key as leaked and rotate it.',
  },
  'insufficient-scope': { status: 403, title: 'Insufficient scope', hint: 'The key lacks the scope this operation needs.' },
  'origin-not-allowed': { status: 403, title: 'Origin not allowed', hint: 'A publishable key works only from one of its exact licensed origins.' },
  'publishable-key-not-allowed': { status: 403, title: 'Publishable key not allowed', hint: 'This endpoint is server-to-server: use a private key.' },
  'browser-origin-not-allowed': {
    status: 403,
    title: 'Browser request not allowed',
    hint: 'This endpoint refuses browser requests (an Origin header) with this key: call it from a server, or, where the endpoint has a browser scope (graphics), from the browser with a publishable key.',
  },
  'rate-limited': { status: 429, title: 'Rate limit exceeded', hint: 'Wait for Retry-After seconds before sending more requests.' },
  'not-found': { status: 404, title: 'Not found', hint: 'No such route or resource.' },
  'method-not-allowed': { status: 405, title: 'Method not allowed', hint: 'The route exists; use a method from the Allow header.' },
  'invalid-parameter': { status: 400, title: 'Invalid parameter', hint: 'A path, query or body parameter is invalid; see errors[] for each one.' },
  'unknown-parameter': { status: 400, title: 'Unknown parameter', hint: 'The request names a parameter this operation does not have.' },
  'invalid-json': { status: 400, title: 'Invalid JSON', hint: 'The body is not valid JSON.' },
  'json-too-deep': {
    status: 400,
    title: 'JSON nested too deep',
    hint: 'The body nests objects and arrays deeper than 64 levels, far past any request of this API; errors[] names where.',
  },
  'invalid-content-length': { status: 400, title: 'Invalid Content-Length', hint: 'The Content-Length header does not match the body.' },
  'invalid-request-body': {
    status: 400,
    title: 'Unreadable request body',
    hint: 'The body stream could not be read; retry only after a transport interruption.',
  },
  'request-too-large': { status: 413, title: 'Request too large', hint: 'The body exceeds the size limit of this endpoint.' },
  'unsupported-content-type': { status: 415, title: 'Unsupported content type', hint: 'Send a content type this operation accepts.' },
  'not-acceptable': { status: 406, title: 'Not acceptable', hint: 'The requested representation or version is not offered.' },
  'internal-error': { status: 500, title: 'Internal error', hint: 'Something failed on our side; retry later and quote the requestId.' },
  'service-unavailable': { status: 503, title: 'Service unavailable', hint: 'A dependency is unavailable; retry with backoff.' },
  'invalid-url': { status: 400, title: 'Invalid URL', hint: 'The request path is not a valid URL (for example a malformed percent escape); fix the encoding.' },
  'invalid-request': { status: 400, title: 'Malformed HTTP request', hint: 'The request line or headers are not valid HTTP/1.1.' },
  'uri-too-long': { status: 414, title: 'URI too long', hint: 'A path segment is longer than the API accepts (512 characters); identifiers are far shorter.' },
  'headers-too-large': {
    status: 431,
    title: 'Request headers too large',
    hint: 'The request line and headers together exceed 16 kB; shorten the query string or headers.',
  },
  'request-timeout': {
    status: 408,
    title: 'Request timeout',
    hint: 'The request (headers and body) did not arrive within the receive timeout; send it again at a steady pace.',
  },
  'request-deadline-exceeded': {
    status: 503,
    title: 'Request deadline exceeded',
    hint: 'The request did not finish within its total time budget; retry after Retry-After (with the same Idempotency-Key where one is used).',
  },
  'not-ready': {
    status: 503,
    title: 'Not ready',
    hint: 'This API process cannot serve everything now (a dependency failed or a queue has no consumer); a load balancer should route elsewhere.',
  },
  'server-busy': { status: 503, title: 'Server busy', hint: 'This API process is at its limit of concurrent uploads or renders; retry after Retry-After.' },
} as const satisfies Record<string, ProblemCodeSpec>;

/** The platform's own codes; features declare theirs beside them and problem-catalog.ts joins them all. */
export const PLATFORM_PROBLEMS = platform;
