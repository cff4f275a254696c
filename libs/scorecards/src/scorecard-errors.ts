/**
 * Codes of the spec's shared scorecard error table that this library raises itself (the
 * fiducial library raises the marker, perspective and design-identity ones).
 */
export type ScorecardErrorCode =
  | 'image-decode-failed'
  | 'image-too-large'
  | 'unsupported-image-type'
  | 'scorecard-capture-disabled'
  | 'scorecard-index-marker-missing'
  | 'scorecard-identity-contradictory'
  | 'scorecard-normalization-version-incompatible'
  | 'scorecard-design-detection-unavailable';

const STATUS: Record<ScorecardErrorCode, number> = {
  'image-decode-failed': 400,
  'image-too-large': 413,
  'unsupported-image-type': 415,
  'scorecard-capture-disabled': 422,
  'scorecard-index-marker-missing': 422,
  'scorecard-identity-contradictory': 422,
  'scorecard-normalization-version-incompatible': 406,
  'scorecard-design-detection-unavailable': 503,
};

export class ScorecardError extends Error {
  readonly status: number;

  constructor(
    readonly code: ScorecardErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = STATUS[code];
    this.name = 'ScorecardError';
  }
}
