import { loadOpenCv, multiplyHomographies, withCvScope, type Homography, type PixelImage, type Point } from '@caddie/fiducials';

/** Paper colour and how dark the printer's black is on it (fraction of the paper's brightness). */
export interface PaperTone {
  paper: [number, number, number];
  inkFloor: number;
}

/**
 * Lays a printed card raster onto the photo (RGBA, in place) through `surfaceToPhoto`
 * (surface raster pixel centres to photo pixel centres). Only the card's bounding box is
 * warped, so a small card in a 12 MP photo costs what its own pixels cost.
 */
export async function compositeCard(
  photo: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  card: PixelImage,
  surfaceToPhoto: Homography,
  corners: readonly Point[],
  tone: PaperTone,
): Promise<void> {
  const cv = await loadOpenCv();
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.x))) - 2);
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y))) - 2);
  const x1 = Math.min(width, Math.ceil(Math.max(...corners.map((p) => p.x))) + 3);
  const y1 = Math.min(height, Math.ceil(Math.max(...corners.map((p) => p.y))) + 3);
  if (x1 <= x0 || y1 <= y0) return;
  const boxWidth = x1 - x0;
  const boxHeight = y1 - y0;
  const toBox = multiplyHomographies([1, 0, -x0, 0, 1, -y0, 0, 0, 1], surfaceToPhoto);
  const warped = withCvScope((keep) => {
    const src = keep(new cv.Mat(card.height, card.width, (cv as unknown as { CV_8UC4: number }).CV_8UC4));
    src.data.set(card.data.subarray(0, card.width * card.height * 4));
    const transform = keep(cv.matFromArray(3, 3, cv.CV_64FC1, toBox));
    const out = keep(new cv.Mat());
    cv.warpPerspective(src, out, transform, new cv.Size(boxWidth, boxHeight), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0, 0, 0, 0));
    return new Uint8Array(out.data);
  });
  const [pr, pg, pb] = tone.paper;
  const floor = tone.inkFloor;
  const span = (1 - floor) / 255;
  for (let y = 0; y < boxHeight; y++) {
    let w = y * boxWidth * 4;
    let p = ((y + y0) * width + x0) * 4;
    for (let x = 0; x < boxWidth; x++, w += 4, p += 4) {
      const alpha = warped[w + 3];
      if (alpha === 0) continue;
      const a = alpha / 255;
      // Linear interpolation blended the card with transparent black at its edge: undo that first.
      const r = pr * (floor + (warped[w] / a) * span);
      const g = pg * (floor + (warped[w + 1] / a) * span);
      const b = pb * (floor + (warped[w + 2] / a) * span);
      photo[p] = photo[p] * (1 - a) + r * a;
      photo[p + 1] = photo[p + 1] * (1 - a) + g * a;
      photo[p + 2] = photo[p + 2] * (1 - a) + b * a;
    }
  }
}
