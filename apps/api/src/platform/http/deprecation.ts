import type { FastifyReply } from 'fastify';

/**
 * When the deprecated aliases (`/v1/maptiles/...`, `POST /v1/courses/{courseId}/maps/images`)
 * became deprecated: they were served deprecated from their first release, 2026-11-22 (UTC).
 * Sent as the RFC 9745 Deprecation header, `@<epoch seconds>`.
 */
export const ALIASES_DEPRECATED_AT = Date.UTC(2026, 10, 22) / 1000;

/**
 * A path built from a template with every interpolated value percent-encoded as one path
 * segment, so a value taken from the request can never end the URI reference of a Link header,
 * start another link, or put a control or non-Latin-1 character into a header.
 */
export function apiPath(template: TemplateStringsArray, ...values: (string | number)[]): string {
  return template.reduce((path, part, i) => path + part + (i < values.length ? encodeURIComponent(String(values[i])) : ''), '');
}

/** Headers of a deprecated alias: Deprecation (RFC 9745) and a Link to the canonical route (built with apiPath). */
export function deprecationHeaders(canonicalPath: string): Record<string, string> {
  return { deprecation: `@${ALIASES_DEPRECATED_AT}`, link: `<${canonicalPath}>; rel="successor-version"` };
}

export function deprecate(reply: FastifyReply, canonicalPath: string): void {
  reply.headers(deprecationHeaders(canonicalPath));
}
