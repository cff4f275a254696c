/** Until this process has finished a request, a reading is assumed to take this long. */
export const ASSUMED_PROCESSING_MS = 3_000;
const KEPT = 32;

/**
 * How long processing requests take in this process lately (the 90th percentile of the last 32
 * completed ones), so a client told to come back for a running request is told a wait that
 * matches the work rather than the whole deadline.
 */
export class ProcessingDurations {
  private readonly recent: number[] = [];

  record(ms: number): void {
    this.recent.push(ms);
    if (this.recent.length > KEPT) this.recent.shift();
  }

  typicalMs(): number {
    if (this.recent.length === 0) return ASSUMED_PROCESSING_MS;
    const sorted = [...this.recent].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))];
  }
}

/**
 * Retry-After (seconds) for a request that finds its key's first request still running: the
 * typical time left for that request, at least 1 s and never past its deadline.
 */
export function inProgressRetryAfterSeconds(startedAt: number, deadlineAt: number, typicalMs: number, now: number): number {
  const expectedLeftMs = startedAt + typicalMs - now;
  const deadlineLeftMs = deadlineAt - now;
  return Math.max(1, Math.ceil(Math.min(expectedLeftMs, deadlineLeftMs) / 1000));
}
