/** Payloads and results of the scorecard queue's jobs. Refined by the scorecard feature. */
export interface ScorecardNormalizePayload {
  /** the photo, base64 (the job is removed as soon as it finishes: originals are never kept) */
  imageBase64: string;
  /** requested normalization version 2, 3 or 4 */
  version: 2 | 3 | 4;
  /** epoch milliseconds after which the worker drops the work */
  deadline: number;
  requestId: string;
}

export interface ScorecardNormalizeResult {
  /** the version-specific response body without request metadata */
  body: Record<string, unknown>;
}
