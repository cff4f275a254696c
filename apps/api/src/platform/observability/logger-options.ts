import type { FastifyServerOptions } from 'fastify';
import { looksLikeKey } from '@caddie/access';

/** A request id the client sent, when it is safe to echo; otherwise none. */
export function acceptedRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\x21-\x7e]{1,128}$/.test(value) ? value : undefined;
}

/** Strips credentials from a URL before it is logged (a key sent in a query string must not reach the logs). */
export function redactUrl(url: string, operatorToken: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const [name, value] of [...params]) {
    if (looksLikeKey(value, operatorToken) || /key|token|auth|sig/i.test(name)) params.set(name, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** JSON logs with one request id per line; secrets never logged. */
export function loggerOptions(level: string, operatorToken: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie'], censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: req.method,
        url: redactUrl(req.url, operatorToken),
        remoteAddress: req.ip,
        userAgent: req.headers?.['user-agent'],
      }),
    },
  };
}
