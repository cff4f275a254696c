/** Payloads and results of the scorecard queue's jobs. */
export interface ScorecardNormalizePayload {
  /** the submitted photo, base64; the job is removed as soon as it finishes, fails or times out */
  imageBase64: string;
  /** requested normalization version 2, 3 or 4 */
  version: 2 | 3 | 4;
  /** epoch milliseconds after which the worker drops the work (the API has answered 503 by then) */
  deadline: number;
  requestId: string;
}

/** An artifact the worker stored; the API turns `key` into a signed URL and never returns the key. */
export interface StoredScorecardArtifact {
  key: string;
  contentType: 'image/png' | 'image/jpeg';
  sizeBytes: number;
  /** `sha256:` + hex digest of the stored bytes */
  sha256: string;
  width: number;
  height: number;
  /** ISO 8601 earliest lifecycle-deletion time */
  retentionUntil: string;
}

export interface ScorecardNormalizeResult {
  /** the version-specific response body without request metadata; artifact slots hold StoredScorecardArtifact pairs */
  body: Record<string, unknown>;
  /** every stored object key, for cleanup when the API cannot deliver the answer */
  artifactKeys: string[];
}

export interface ScorecardProcessPayload {
  /** the submitted photo, base64; the job is removed as soon as it finishes, fails or times out */
  imageBase64: string;
  /** epoch milliseconds after which the worker starts no further work for the request */
  deadline: number;
  requestId: string;
}

export interface ScorecardProcessResult {
  /** the processing version 3 body without request metadata (requestId, courseId, teeBox, identifier) */
  body: Record<string, unknown>;
  /** cells handed to the handwriting provider (0 when no page could be read) */
  readCells: number;
}

/** The cluster's scheduled retention sweep of scorecard artifacts (no input: the worker's clock decides). */
export type ScorecardSweepPayload = Record<string, never>;

export interface ScorecardSweepResult {
  /** folders removed with everything in them */
  deletedFolders: string[];
  deletedObjects: number;
  /** folders still within retention */
  keptFolders: number;
}

/** Job-scheduler id of the sweep: one id for the whole cluster, so every worker upserting it adds one schedule. */
export const SCORECARD_SWEEP_SCHEDULER_ID = 'scorecard-artifact-retention';

/** Redis hash (under the queue prefix) counting handwriting readings per worker, field = worker id. */
export function scorecardReadingsCounterKey(prefix: string): string {
  return `${prefix}:metrics:scorecard-readings`;
}

/**
 * A failed scorecard job carries its spec problem code in the failure reason, so the waiting
 * API answers with the same code the worker raised (a marker problem stays a 422, not a 503).
 */
export interface ScorecardJobFailure {
  code: string;
  detail: string;
}

const FAILURE_PREFIX = 'scorecard-problem ';

export function encodeScorecardFailure(failure: ScorecardJobFailure): string {
  return FAILURE_PREFIX + JSON.stringify({ code: failure.code, detail: failure.detail });
}

/** The failure carried by a job's failedReason, or undefined for an unexpected error text. */
export function decodeScorecardFailure(reason: string | undefined): ScorecardJobFailure | undefined {
  if (!reason?.startsWith(FAILURE_PREFIX)) return undefined;
  try {
    const parsed = JSON.parse(reason.slice(FAILURE_PREFIX.length)) as Partial<ScorecardJobFailure>;
    return typeof parsed.code === 'string' && typeof parsed.detail === 'string' ? { code: parsed.code, detail: parsed.detail } : undefined;
  } catch {
    return undefined;
  }
}
