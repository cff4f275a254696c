/** Content codings a stored representation may be kept in, in the server's order of preference. */
export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 §12.5.3) among those `available`:
 * the one with the highest q-value, the server's order breaking ties; `identity` when the client
 * names none of them with q > 0, or sends no header.
 */
export function negotiateContentCoding(header: string | string[] | undefined, available: readonly ContentCoding[]): ContentCoding | 'identity' {
  if (header === undefined) return 'identity';
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...parameters] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentCoding | 'identity' = 'identity';
  let bestWeight = 0;
  for (const coding of available) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}

/** Adds `value` to a Vary header value without repeating it (CORS has usually put Origin there). */
export function withVary(current: string | number | string[] | undefined, value: string): string {
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.some((n) => n.toLowerCase() === value.toLowerCase()) ? names.join(', ') : [...names, value].join(', ');
}
