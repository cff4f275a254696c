/** Single-channel 8-bit image, row-major (the shape of @caddie/fiducials' GreyImage). */
export interface CellRaster {
  data: Uint8Array;
  width: number;
  height: number;
}

/** What a cell is expected to hold: handwritten digits (a number) or free text. */
export type CellContent = 'digits' | 'text';

export interface CellImage {
  /** Stable id within one request, e.g. `hole-3.score`, `totals.score`, `roundDetails.date`. */
  id: string;
  content: CellContent;
  /** For digit cells: most digits a valid value has (1..3). */
  maxDigits?: number;
  /**
   * For digit cells: the field's valid values, inclusive (a hole's score 1..20). A number
   * outside them is a misread; the local reader conditions its reading on the range
   * (FIELD_INVALID_ODDS in reading/cell-reading.ts).
   */
  range?: { min: number; max: number };
  /**
   * The cell cropped from the canonical page (8 px per mm, paper near 255), with a margin of
   * about 12% of the cell height on every side, so the printed cell border lines lie inside
   * the crop and ink crossing the border is kept.
   */
  image: CellRaster;
}

/**
 * What a digit field holds, for its accept threshold: an entry (a figure written once, one or
 * two digits: a hole's score or putts, the penalty strokes) or a sum (a totals row or summary
 * figure, two or three digits that the card's arithmetic checks). Their readings fail
 * differently (a sum's typical error is a dropped digit, read confidently), so a reader
 * calibrated per role holds each role's readings to the target precision on the role's own
 * calibration cells.
 */
export type FieldRole = 'entry' | 'sum';

/**
 * A role's accept thresholds by what was read: a number, or blank (a blank reading fails by
 * missing writing, a number by misreading it, and each is held to the target on its own). Null:
 * no threshold reaches the target, so such a reading is never accepted on its own.
 */
export interface RoleThresholds {
  number: number | null;
  blank: number | null;
}

export interface CellAlternative {
  literal: string;
  confidence: number;
}

export interface CellReading {
  id: string;
  /** True when the cell holds no handwriting. */
  blank: boolean;
  /** What is written ('4', '12', 'J. Smith'), or null when blank or unreadable. */
  literal: string | null;
  /** Calibrated probability that `blank`/`literal` is right, 0..1. */
  confidence: number;
  /** The next most likely readings, best first (may be empty). */
  alternatives: CellAlternative[];
}

/**
 * Reads handwriting in cropped cells. The local digit model is the default; an HTTP
 * vision-model provider can replace it by configuration.
 */
export interface HandwritingProvider {
  /** Provider name for logs and metrics; never returned to API clients. */
  readonly name: string;
  /**
   * Confidence at or above which a reading may be accepted without review; chosen on the
   * calibration range for a precision of at least 99.8% among accepted cells.
   */
  readonly acceptThreshold: number;
  /**
   * Per field role, when the provider was calibrated per role: the thresholds at which that
   * role's readings hold the target precision on their own. A role not listed uses
   * `acceptThreshold`.
   */
  readonly roleThresholds?: Readonly<Partial<Record<FieldRole, RoleThresholds>>>;
  /** Whether the provider can read free text (the local digit model cannot). */
  readonly readsText: boolean;
  readCells(cells: readonly CellImage[], options?: { signal?: AbortSignal }): Promise<CellReading[]>;
}

export type HandwritingProviderErrorCode =
  /** nothing was sent to the provider (unreachable, refused, model files missing): safe to retry */
  | 'provider-unavailable'
  /** the request may have reached the provider but no answer came (timeout after sending) */
  | 'provider-outcome-unknown'
  /** the provider answered with something that is not a valid reading */
  | 'provider-invalid-response'
  /** the provider's configuration is unusable (missing URL or key, bad model files) */
  | 'provider-misconfigured';

export class HandwritingProviderError extends Error {
  constructor(
    readonly code: HandwritingProviderErrorCode,
    message: string,
  ) {
    super(message);
  }
}
