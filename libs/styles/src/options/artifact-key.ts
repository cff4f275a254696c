/** Canonical JSON and the artifact cache key of a normalized request (docs/architecture.md, "The life of a graphic request", step 1). */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted and no whitespace; undefined properties are left out. */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonicalJson: non-finite number');
      return JSON.stringify(value === 0 ? 0 : value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: cannot encode ${typeof value}`);
  }
}

/**
 * `sha256:` + hex SHA-256 of renderer version, course revision and canonical request JSON,
 * joined by newlines so no two different triples can hash the same bytes.
 */
export function artifactKey(rendererVersion: string, courseRevision: string, normalized: unknown): string {
  for (const [name, v] of [
    ['rendererVersion', rendererVersion],
    ['courseRevision', courseRevision],
  ] as const) {
    if (v === '' || v.includes('\n')) throw new TypeError(`artifactKey: ${name} must be a non-empty single line`);
  }
  const digest = createHash('sha256')
    .update(`${rendererVersion}\n${courseRevision}\n${canonicalJson(normalized)}`, 'utf8')
    .digest('hex');
  return `sha256:${digest}`;
}
