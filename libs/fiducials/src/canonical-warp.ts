import type { Box } from './capture-geometry';
import { multiplyHomographies, type Homography } from './homography';
import { loadOpenCv, withCvScope } from './open-cv-runtime';
import { greyView, type GreyImage, type PixelImage } from './pixel-image';

export interface CanonicalWarpOptions {
  /** Canonical pixels of the full surface. */
  canonicalWidth: number;
  canonicalHeight: number;
  /** Restrict the output to this normalized box of the canonical surface (default: all of it). */
  box?: Box;
  /** Output pixels per canonical pixel (default 1). */
  scale?: number;
  /**
   * Resampling kernel (default `linear`). `cubic` keeps more of a stroke's contrast where the
   * photo has fewer pixels than the output (pages read from small or distant photos).
   */
  interpolation?: 'linear' | 'cubic';
}

/**
 * Resamples the full-resolution source into canonical capture space (or a box of it) through
 * `sourceToCanonical`. Grey output: the normalized image and label crops are read, not shown.
 */
export async function warpToCanonical(image: PixelImage, sourceToCanonical: Homography, options: CanonicalWarpOptions): Promise<GreyImage> {
  const cv = await loadOpenCv();
  const grey = greyView(image);
  const box = options.box ?? { x1: 0, y1: 0, x2: 1, y2: 1 };
  const scale = options.scale ?? 1;
  const x0 = box.x1 * options.canonicalWidth;
  const y0 = box.y1 * options.canonicalHeight;
  const width = Math.max(1, Math.round((box.x2 - box.x1) * options.canonicalWidth * scale));
  const height = Math.max(1, Math.round((box.y2 - box.y1) * options.canonicalHeight * scale));
  // Canonical pixel centres are at integers; the crop's pixel (i, j) samples canonical
  // (x0 - 0.5 + (i + 0.5) / scale, ...), so the edge of the box is the edge of the output.
  const toCrop: Homography = [scale, 0, -scale * (x0 - 0.5) - 0.5, 0, scale, -scale * (y0 - 0.5) - 0.5, 0, 0, 1];
  const transform = multiplyHomographies(toCrop, sourceToCanonical);
  return withCvScope((keep) => {
    const src = keep(new cv.Mat(grey.height, grey.width, cv.CV_8UC1));
    src.data.set(grey.data);
    const matrix = keep(cv.matFromArray(3, 3, cv.CV_64FC1, transform));
    const out = keep(new cv.Mat());
    const kernel = options.interpolation === 'cubic' ? cv.INTER_CUBIC : cv.INTER_LINEAR;
    cv.warpPerspective(src, out, matrix, new cv.Size(width, height), kernel, cv.BORDER_CONSTANT, new cv.Scalar(255));
    return { data: new Uint8Array(out.data), width, height };
  });
}
