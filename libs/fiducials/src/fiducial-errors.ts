/** Spec codes (scorecard errors table) this library can raise. */
export type FiducialErrorCode =
  | 'registration-markers-incomplete'
  | 'scorecard-perspective-invalid'
  | 'scorecard-capture-ambiguous'
  | 'scorecard-design-unreadable'
  | 'scorecard-design-unknown'
  | 'scorecard-design-disabled'
  | 'scorecard-design-contradictory';

export abstract class FiducialError extends Error {
  abstract readonly code: FiducialErrorCode;
  /** HTTP status the spec pairs with the code (all 422 here). */
  readonly status = 422;

  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class RegistrationMarkersIncompleteError extends FiducialError {
  readonly code = 'registration-markers-incomplete';
}

export class PerspectiveInvalidError extends FiducialError {
  readonly code = 'scorecard-perspective-invalid';
}

export class CaptureAmbiguousError extends FiducialError {
  readonly code = 'scorecard-capture-ambiguous';
}

export class DesignUnreadableError extends FiducialError {
  readonly code = 'scorecard-design-unreadable';
}

export class DesignUnknownError extends FiducialError {
  readonly code = 'scorecard-design-unknown';
}

export class DesignDisabledError extends FiducialError {
  readonly code = 'scorecard-design-disabled';
}

export class DesignContradictoryError extends FiducialError {
  readonly code = 'scorecard-design-contradictory';
}
