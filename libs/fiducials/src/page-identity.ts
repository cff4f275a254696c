import { applyHomography } from './homography';
import { readLabel, readLabelOfLength, type LabelReading } from './label-reader';
import { DesignContradictoryError, DesignUnknownError, DesignUnreadableError } from './fiducial-errors';
import type { CaptureRegistration } from './page-registration';
import type { GreyImage, PixelImage } from './pixel-image';
import { decodeExpectedLabel, decodeIdentityLabel, expectedLabelLengths, type DecodeOptions, type PrintedIdentity } from './printed-identity';
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
    throw new DesignUnreadableError(
      `the label spans ${labelSourceHeightPx.toFixed(1)} source pixels, below the ${MIN_LABEL_SOURCE_HEIGHT_PX} px detail floor`,
      {
        captureId: capture.captureId,
        reason: 'below-detail-floor',
      },
    );
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
  const { identity, reading } = decodeLabelCrop(crop, capture.designCode, options);
  if (identity.designCode !== capture.designCode) {
    throw new DesignContradictoryError(`label names ${identity.designCode} but the markers belong to ${capture.captureId}`, {
      captureId: capture.captureId,
      labelDesign: identity.designCode,
    });
  }
  return { identity, reading, labelSourceHeightPx };
}

/**
 * Reads and decodes the label crop. The free reading (any chunk order, one correction) comes
 * first; when it cannot be decoded, the label is read again against the layouts the markers'
 * design prints (its character count fixes the grid that blur or noise left ambiguous) and
 * decoded with the reader's runner-up glyphs (decodeExpectedLabel). A label that reads as
 * another design is not retried: that is a contradiction, not an unreadable label.
 */
function decodeLabelCrop(crop: GreyImage, designCode: string, options: DecodeOptions): { identity: PrintedIdentity; reading: LabelReading } {
  const reading = readLabel(crop);
  try {
    return { identity: decodeIdentityLabel(reading.text, options), reading };
  } catch (error) {
    if (!(error instanceof DesignUnreadableError || error instanceof DesignUnknownError)) throw error;
    for (const length of expectedLabelLengths(designCode)) {
      const fitted = readLabelOfLength(crop, length);
      const identity = fitted && decodeExpectedLabel(fitted.characters, designCode, options);
      if (fitted && identity) return { identity, reading: fitted };
    }
    throw error;
  }
}
