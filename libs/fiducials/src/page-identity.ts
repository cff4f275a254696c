import { applyHomography } from './homography';
import { readLabel, type LabelReading } from './label-reader';
import { DesignContradictoryError, DesignUnreadableError } from './fiducial-errors';
import type { CaptureRegistration } from './page-registration';
import type { PixelImage } from './pixel-image';
import { decodeIdentityLabel, type DecodeOptions, type PrintedIdentity } from './printed-identity';
import { warpToCanonical } from './canonical-warp';

/** Below this many source pixels of label height the crop is not qualified for reading. */
export const MIN_LABEL_SOURCE_HEIGHT_PX = 10;
/** Label crops are read at this height in pixels whatever the source resolution. */
const LABEL_READ_HEIGHT_PX = 72;

export interface PageIdentity {
  identity: PrintedIdentity;
  reading: LabelReading;
  labelSourceHeightPx: number;
}

/**
 * Reads the S identity label beside the page's lower-left index marker from a standardized
 * crop of the full-resolution photo, decodes it, and checks it names the design the markers
 * belong to.
 */
export async function readPageIdentity(image: PixelImage, page: CaptureRegistration, options: DecodeOptions = {}): Promise<PageIdentity> {
  const capture = page.capture;
  const box = capture.regions.markerText;
  const { width, height } = capture.canonicalPixels;
  const top = applyHomography(page.canonicalToSource, { x: box.x1 * width, y: box.y1 * height });
  const bottom = applyHomography(page.canonicalToSource, { x: box.x1 * width, y: box.y2 * height });
  const labelSourceHeightPx = Math.hypot(bottom.x - top.x, bottom.y - top.y);
  if (labelSourceHeightPx < MIN_LABEL_SOURCE_HEIGHT_PX) {
    throw new DesignUnreadableError(`the label spans ${labelSourceHeightPx.toFixed(1)} source pixels, below the ${MIN_LABEL_SOURCE_HEIGHT_PX} px detail floor`, {
      captureId: capture.captureId,
      reason: 'below-detail-floor',
    });
  }
  // A little margin around the printed box tolerates residual registration error.
  const marginY = (box.y2 - box.y1) * 0.35;
  const marginX = marginY * (height / width);
  const crop = await warpToCanonical(image, page.sourceToCanonical, {
    canonicalWidth: width,
    canonicalHeight: height,
    box: { x1: box.x1 - marginX, y1: box.y1 - marginY, x2: box.x2 + marginX, y2: box.y2 + marginY },
    scale: LABEL_READ_HEIGHT_PX / ((box.y2 - box.y1 + 2 * marginY) * height),
  });
  const reading = readLabel(crop);
  const identity = decodeIdentityLabel(reading.text, options);
  if (identity.designCode !== capture.designCode) {
    throw new DesignContradictoryError(`label names ${identity.designCode} but the markers belong to ${capture.captureId}`, {
      captureId: capture.captureId,
      labelDesign: identity.designCode,
    });
  }
  return { identity, reading, labelSourceHeightPx };
}
