/** Typed failures of overlay resolution: request problems (400) and missing course data (422). */

export const OVERLAY_PROBLEM_CODES = ['invalid-parameter', 'unknown-parameter', 'duplicate-overlay-id', 'overlay-not-allowed', 'missing-parameter'] as const;
export type OverlayProblemCode = (typeof OVERLAY_PROBLEM_CODES)[number];

export interface OverlayProblem {
  /** body path of the offending value, e.g. `overlays[3].style.strokeWidth` */
  parameter: string;
  code: OverlayProblemCode;
  detail: string;
}

/** Every problem of an overlay list, reported together. */
export class OverlayRequestError extends Error {
  readonly code = 'invalid-overlays';

  constructor(readonly problems: OverlayProblem[]) {
    super(problems.map((p) => `${p.parameter}: ${p.detail}`).join('; '));
    this.name = 'OverlayRequestError';
  }
}

/**
 * The rendered course lacks the data a component needs (nothing is invented); the API answers
 * 422 with `code`, e.g. `green-missing`, `green-elevation-missing`, `fairway-measurements-missing`,
 * `projection-missing` (side views authorize no overlays).
 */
export class OverlayDataMissingError extends Error {
  readonly status = 422;

  constructor(
    readonly code: string,
    message: string,
    /** members the problem document carries beside `detail` (e.g. the resolutions of `elevation-too-coarse`) */
    readonly extras?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'OverlayDataMissingError';
  }
}
