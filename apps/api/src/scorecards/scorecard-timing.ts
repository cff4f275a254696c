/**
 * Budgets of the scorecard endpoints. A module-level knob (token SCORECARD_TIMING) rather than
 * a global setting: tests and deployments that need other values provide the token; everyone
 * else gets the defaults.
 */
export interface ScorecardTiming {
  /** Whole budget of one normalize request from enqueue to answer, milliseconds. */
  normalizeDeadlineMs: number;
  /** Whole budget of one process request (normalization and handwriting), milliseconds. */
  processDeadlineMs: number;
  /** Largest stored replay record of a process request (serialized JSON bytes). */
  maxReplayBytes: number;
}

export const SCORECARD_TIMING = Symbol('SCORECARD_TIMING');

export const DEFAULT_SCORECARD_TIMING: ScorecardTiming = { normalizeDeadlineMs: 20_000, processDeadlineMs: 30_000, maxReplayBytes: 1_000_000 };
