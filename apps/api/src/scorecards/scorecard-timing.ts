/**
 * How long a normalize request waits for a worker. A module-level knob (token
 * SCORECARD_TIMING) rather than a global setting: tests and deployments that need another
 * deadline provide the token; everyone else gets the default.
 */
export interface ScorecardTiming {
  /** Whole budget of one normalize request from enqueue to answer, milliseconds. */
  normalizeDeadlineMs: number;
}

export const SCORECARD_TIMING = Symbol('SCORECARD_TIMING');

export const DEFAULT_SCORECARD_TIMING: ScorecardTiming = { normalizeDeadlineMs: 20_000 };
