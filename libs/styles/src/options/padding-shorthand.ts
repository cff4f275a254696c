/**
 * CSS-shorthand padding values: one to four comma- or space-separated values in
 * top/right/bottom/left order (1: all; 2: vertical, horizontal; 3: top, horizontal, bottom).
 */

export type PaddingLength = { unit: 'px'; value: number } | { unit: 'fraction'; value: number };

export interface ImagePadding {
  top: PaddingLength;
  right: PaddingLength;
  bottom: PaddingLength;
  left: PaddingLength;
}

export interface MetricPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export type PaddingResult<T> = { ok: true; value: T } | { ok: false; detail: string };

export interface ImagePaddingRules {
  /** accept `auto` (course canonical fit) */
  auto: boolean;
  /** unitless values in (0,1) are fractions; when false only 0, pixels and % are accepted */
  unitlessFractions: boolean;
}

const NUMBER = /^(?:\d+(?:\.\d+)?|\.\d+)$/;
const MAX_PIXELS = 8000;

/** Rounds away binary noise so equal paddings share one canonical JSON (5% and 0.05 alike). */
const canonicalNumber = (n: number) => Math.round(n * 1e6) / 1e6;

function splitShorthand(raw: string): string[] | null {
  // One comma (with any spaces around it) or a run of spaces separates values; "1,,2" is malformed.
  const parts = raw.trim().split(/\s*,\s*|\s+/);
  return parts.length >= 1 && parts.length <= 4 && parts.every((p) => p !== '') ? parts : null;
}

function expand<T>(v: T[]): [T, T, T, T] {
  switch (v.length) {
    case 1:
      return [v[0], v[0], v[0], v[0]];
    case 2:
      return [v[0], v[1], v[0], v[1]];
    case 3:
      return [v[0], v[1], v[2], v[1]];
    default:
      return [v[0], v[1], v[2], v[3]];
  }
}

function parseImageLength(token: string, rules: ImagePaddingRules): PaddingLength | string {
  const lower = token.toLowerCase();
  if (lower.endsWith('%')) {
    const digits = lower.slice(0, -1);
    if (!NUMBER.test(digits)) return `"${token}" is not a percentage`;
    const percent = Number(digits);
    if (percent >= 100) return `"${token}" must be below 100%`;
    return percent === 0 ? { unit: 'px', value: 0 } : { unit: 'fraction', value: canonicalNumber(percent / 100) };
  }
  const explicitPixels = lower.endsWith('px');
  const digits = explicitPixels ? lower.slice(0, -2) : lower;
  if (!NUMBER.test(digits)) return `"${token}" is not a padding value`;
  const n = Number(digits);
  if (n > MAX_PIXELS) return `"${token}" exceeds ${MAX_PIXELS} pixels`;
  if (explicitPixels || n === 0 || n >= 1) return { unit: 'px', value: canonicalNumber(n) };
  if (!rules.unitlessFractions) return `"${token}": use 0, pixels (px) or a percentage (%)`;
  return { unit: 'fraction', value: canonicalNumber(n) };
}

/** Image padding (`padding`, `greenPadding`, `profilePadding`). Numbers from JSON read as one unitless value. */
export function parseImagePadding(raw: string | number, rules: ImagePaddingRules): PaddingResult<ImagePadding | 'auto'> {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof raw === 'number' && !(Number.isFinite(raw) && raw >= 0)) return { ok: false, detail: 'must be a non-negative number' };
  if (rules.auto && text.trim().toLowerCase() === 'auto') return { ok: true, value: 'auto' };
  const parts = splitShorthand(text);
  if (!parts) return { ok: false, detail: 'expected one to four comma- or space-separated values' };
  const lengths: PaddingLength[] = [];
  for (const part of parts) {
    const length = parseImageLength(part, rules);
    if (typeof length === 'string') return { ok: false, detail: length };
    lengths.push(length);
  }
  const [top, right, bottom, left] = expand(lengths);
  return { ok: true, value: { top, right, bottom, left } };
}

/** Metric padding (`greenPaddingMeters`): plain numbers of metres, each in range. */
export function parseMetricPadding(raw: string | number, min: number, max: number): PaddingResult<MetricPadding> {
  const parts = typeof raw === 'number' ? [String(raw)] : splitShorthand(raw);
  if (!parts) return { ok: false, detail: 'expected one to four comma- or space-separated values' };
  const values: number[] = [];
  for (const part of parts) {
    const n = Number(part);
    if (!NUMBER.test(part) || !(n >= min && n <= max)) {
      return { ok: false, detail: `"${part}" must be a number of metres ${min}..${max}` };
    }
    values.push(canonicalNumber(n));
  }
  const [top, right, bottom, left] = expand(values);
  return { ok: true, value: { top, right, bottom, left } };
}

/** Pixels the padding takes on each axis of an output of the given size. */
export function paddingPixels(padding: ImagePadding, width: number, height: number): { horizontal: number; vertical: number } {
  const px = (l: PaddingLength, dimension: number) => (l.unit === 'px' ? l.value : l.value * dimension);
  return {
    horizontal: px(padding.left, width) + px(padding.right, width),
    vertical: px(padding.top, height) + px(padding.bottom, height),
  };
}
