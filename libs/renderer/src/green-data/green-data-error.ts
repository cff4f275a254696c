/** Stable codes of putting-surface problems; the renderer maps them to a degraded image or a 422. */
export const GREEN_DATA_ERROR_CODES = [
  /** the green geometry has no usable ring */
  'green-polygon-invalid',
  /** no cell inside the green has an elevation (grid missing, or not covering the green) */
  'green-elevation-missing',
  /** the surface would need more 2-foot cells than a green can plausibly have */
  'green-too-large',
  /** a break colour that is neither a preset nor #RRGGBB */
  'break-color-invalid',
] as const;
export type GreenDataErrorCode = (typeof GREEN_DATA_ERROR_CODES)[number];

export class GreenDataError extends Error {
  constructor(
    readonly code: GreenDataErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GreenDataError';
  }
}
