/** Normalization response contracts the endpoint serves (spec "Versioning" 2). */
export const NORMALIZATION_VERSIONS = [2, 3, 4] as const;
export type NormalizationVersion = (typeof NORMALIZATION_VERSIONS)[number];
export const DEFAULT_NORMALIZATION_VERSION: NormalizationVersion = 4;

/** `caddie-scorecard-normalization@4` for operator token `caddie`. */
export function normalizationSchema(operatorToken: string, version: NormalizationVersion): string {
  return `${operatorToken}-scorecard-normalization@${version}`;
}

/** The header value as sent, or undefined when it is not exactly 2, 3 or 4. */
export function parseNormalizationVersion(header: string | string[] | undefined): NormalizationVersion | undefined {
  if (header === undefined) return DEFAULT_NORMALIZATION_VERSION;
  if (Array.isArray(header)) return undefined;
  const value = header.trim();
  return (NORMALIZATION_VERSIONS as readonly number[]).includes(Number(value)) && /^[234]$/.test(value) ? (Number(value) as NormalizationVersion) : undefined;
}
