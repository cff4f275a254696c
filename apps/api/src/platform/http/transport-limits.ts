import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblem, problemDocument } from '../problems/api-problem';
import type { ProblemCode } from '../problems/problem-catalog';

/**
 * Time limits of the HTTP transport a client can rely on (docs/api.md "Timeouts and limits").
 * Headers must arrive within HEADERS_TIMEOUT_MS of the request's first byte and the whole
 * request (headers and body) within REQUEST_RECEIVE_TIMEOUT_MS (408 request-timeout otherwise:
 * no slow-drip client holds a connection open); both are configuration. An idle keep-alive
 * connection is closed after KEEP_ALIVE_TIMEOUT_MS (longer than common load balancer idle
 * timeouts, so the proxy closes first).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** How often Node checks those two timeouts (its default, 30 s, would let them overrun by that much). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/** Node's default request line + header limit, named here because 431 headers-too-large quotes it. */
export const MAX_HEADER_BYTES = 16 * 1024;

export interface ReceiveTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

export function applyServerTimeouts(server: Server, timeouts: ReceiveTimeouts): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.requestTimeout = timeouts.requestTimeoutMs;
  // Node requires headersTimeout <= requestTimeout
  server.headersTimeout = Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs);
  // no idle-socket timeout: a request waiting for its render is bounded by its own budget instead
  server.setTimeout(0);
}

/** Node's HTTP parser errors by code; anything else unparsable is 400 invalid-request. */
const CLIENT_ERROR_CODES: Record<string, { code: ProblemCode; detail: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'headers-too-large', detail: `The request line and headers exceed ${MAX_HEADER_BYTES} bytes.` },
  HPE_INVALID_CONTENT_LENGTH: { code: 'invalid-content-length', detail: 'Content-Length is not a single non-negative integer.' },
  HPE_UNEXPECTED_CONTENT_LENGTH: { code: 'invalid-content-length', detail: 'Content-Length cannot be combined with Transfer-Encoding: chunked.' },
};

/**
 * Answers what Node's HTTP parser refuses before any route runs (a malformed request, headers
 * over the limit, a request that arrives too slowly) with a problem document, then closes.
 */
export function clientErrorResponder(baseUrl: string, timeouts: ReceiveTimeouts) {
  const details: Record<string, { code: ProblemCode; detail: string }> = {
    ...CLIENT_ERROR_CODES,
    ERR_HTTP_REQUEST_TIMEOUT: { code: 'request-timeout', detail: `The request did not arrive completely within ${timeouts.requestTimeoutMs / 1000} s.` },
  };
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const known = details[error.code ?? ''] ?? { code: 'invalid-request', detail: 'The request is not valid HTTP/1.1.' };
    // a response already under way cannot be replaced; only close the connection then
    const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !pending?.headersSent) {
      const problem = new ApiProblem(known.code, known.detail);
      const body = JSON.stringify(problemDocument(problem, { baseUrl, instance: '/', requestId: randomUUID() }));
      socket.write(
        `HTTP/1.1 ${problem.status} ${statusText(problem.status)}\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };
const statusText = (status: number) => STATUS_TEXT[status] ?? 'Error';

/** Fastify's router errors (a path that is not a valid URL, a path segment over maxParamLength) as problems. */
export function frameworkErrorProblem(error: Error & { code?: string }): ApiProblem {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return new ApiProblem('uri-too-long', 'A path segment is longer than 512 characters.');
  if (error.code === 'FST_ERR_BAD_URL') return new ApiProblem('invalid-url', 'The path is not a valid URL (a malformed percent escape?).');
  return new ApiProblem('invalid-request', 'The request could not be routed.');
}

export type FrameworkErrorHandler = (error: Error, request: FastifyRequest, reply: FastifyReply) => void;
