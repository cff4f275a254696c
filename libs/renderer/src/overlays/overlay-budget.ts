/**
 * What one overlay request may cost. A heatmap is a PNG of the green's pixel box, so a request
 * of many heatmaps on a 32-megapixel green once held the API for 50 s and answered 62 MB: the
 * raster budget bounds the pixels painted (before painting), the answer budget the bytes sent.
 */
export interface OverlayBudget {
  /** pixels of raster components painted for one request (identical components count once) */
  maxRasterPixels: number;
  /** JSON bytes of the resolved components of one answer */
  maxAnswerBytes: number;
}

/** One full-size heatmap (8000 x 4000) plus a second style of it; a 62 MB answer is far past the byte budget. */
export const DEFAULT_OVERLAY_BUDGET: OverlayBudget = { maxRasterPixels: 64_000_000, maxAnswerBytes: 16_000_000 };

export class OverlayBudgetError extends Error {
  readonly code = 'overlay-budget-exceeded';
  readonly status = 422;

  constructor(
    message: string,
    readonly extras: { budget: 'raster-pixels' | 'answer-bytes'; limit: number; requested: number },
  ) {
    super(message);
    this.name = 'OverlayBudgetError';
  }
}

/** Counts what a request has spent; a charge past the budget throws before the work is done. */
export class OverlayCostMeter {
  private rasterPixels = 0;

  constructor(readonly budget: OverlayBudget) {}

  chargeRaster(width: number, height: number): void {
    const next = this.rasterPixels + width * height;
    if (next > this.budget.maxRasterPixels) {
      throw new OverlayBudgetError(
        `the raster components would paint ${megapixels(next)} megapixels, over the budget of ${megapixels(this.budget.maxRasterPixels)} per request; request fewer distinct heatmaps or a smaller artifact`,
        { budget: 'raster-pixels', limit: this.budget.maxRasterPixels, requested: next },
      );
    }
    this.rasterPixels = next;
  }

  checkAnswer(bytes: number): void {
    if (bytes > this.budget.maxAnswerBytes) {
      throw new OverlayBudgetError(
        `the resolved components would answer ${megabytes(bytes)} MB, over the budget of ${megabytes(this.budget.maxAnswerBytes)} MB per request; request each raster component once`,
        { budget: 'answer-bytes', limit: this.budget.maxAnswerBytes, requested: bytes },
      );
    }
  }
}

const megapixels = (pixels: number) => (pixels / 1e6).toFixed(1);
const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
