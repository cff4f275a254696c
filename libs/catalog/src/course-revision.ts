/**
 * Content revision of a course: 'sha256:' + hex digest of its canonical JSON. Canonical means
 * object keys sorted, numbers rounded to 7 decimals (about 1 cm in coordinates) with -0 as 0,
 * undefined members dropped; array order is kept, so producers must emit arrays in a
 * deterministic order (the importer sorts features by id and holes by number).
 */
import { createHash } from 'node:crypto';
import type { Course } from './model';

export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'null';
    const rounded = Math.round(value * 1e7) / 1e7;
    return JSON.stringify(rounded === 0 ? 0 : rounded);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return 'null';
}

export function courseRevision(course: Course): string {
  return `sha256:${createHash('sha256').update(canonicalJson(course)).digest('hex')}`;
}
