/**
 * One `Range: bytes=…` header against a known size (RFC 9110 §14): a single first-last,
 * open (`a-`) or suffix (`-n`) range. Multiple or malformed ranges are ignored (a full 200),
 * which the RFC allows; ranges starting past the end are unsatisfiable (416).
 */
export type ByteRangeOutcome = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

export function resolveByteRange(header: string | undefined, size: number): ByteRangeOutcome {
  if (header === undefined) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'full' };
  const [first, last] = [match[1], match[2]];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) {
    return last === '' && Number.isSafeInteger(start) && start >= size ? { kind: 'unsatisfiable' } : { kind: 'full' };
  }
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/** Strong comparison of an entity tag list (If-Match, If-None-Match) against one ETag. */
export function etagListMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim() === etag);
}
