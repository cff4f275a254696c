/**
 * Golden-image comparison for renderer tests: images are compared at half resolution (which
 * absorbs anti-aliasing noise and keeps the stored PNGs small) by mean absolute channel
 * difference and the share of clearly different pixels. UPDATE_GOLDEN=1 rewrites the goldens.
 * A comparison outside the tolerance writes what was rendered and a difference picture to
 * test-results/golden/ (the goldens' half resolution), so a reviewer can look before deciding.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

export const GOLDEN_DIR = join(__dirname, '__golden__');
/** Where a failing comparison leaves `<name>.actual.png` and `<name>.diff.png` (not tracked). */
export const GOLDEN_FAILURE_DIR = join(__dirname, '..', '..', '..', '..', 'test-results', 'golden');

export interface GoldenTolerance {
  /** mean absolute difference per channel, 0..255 */
  meanAbsolute: number;
  /** share of pixels whose largest channel difference exceeds `pixelThreshold` */
  differingShare: number;
  pixelThreshold: number;
}

export const DEFAULT_GOLDEN_TOLERANCE: GoldenTolerance = { meanAbsolute: 2.5, differingShare: 0.02, pixelThreshold: 40 };

export interface GoldenComparison {
  meanAbsolute: number;
  differingShare: number;
  sameSize: boolean;
  updated: boolean;
  /** the actual and difference images written for review when the comparison failed */
  failureImages?: { actual: string; diff: string };
}

async function halfSizePng(image: Buffer): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  return sharp(image)
    .ensureAlpha()
    .resize(Math.round((meta.width ?? 2) / 2), Math.round((meta.height ?? 2) / 2), { kernel: 'lanczos3' })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

async function rawRgba(png: Buffer | string) {
  return sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

export function imageDifference(a: Buffer, b: Buffer, threshold: number): { meanAbsolute: number; differingShare: number } {
  let total = 0;
  let differing = 0;
  const pixels = a.length / 4;
  for (let i = 0; i < a.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 4; c++) {
      const d = Math.abs(a[i + c] - b[i + c]);
      total += d;
      if (d > worst) worst = d;
    }
    if (worst > threshold) differing++;
  }
  return { meanAbsolute: total / a.length, differingShare: differing / pixels };
}

export async function compareWithGolden(name: string, rendered: Buffer, tolerance = DEFAULT_GOLDEN_TOLERANCE): Promise<GoldenComparison> {
  const file = join(GOLDEN_DIR, `${name}.png`);
  const half = await halfSizePng(rendered);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    if (process.env.UPDATE_GOLDEN !== '1') throw new Error(`golden ${name}.png is missing; run with UPDATE_GOLDEN=1 to create it`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, half);
    return { meanAbsolute: 0, differingShare: 0, sameSize: true, updated: true };
  }
  const [got, want] = await Promise.all([rawRgba(half), rawRgba(file)]);
  const sameSize = got.info.width === want.info.width && got.info.height === want.info.height;
  const difference = sameSize ? imageDifference(got.data, want.data, tolerance.pixelThreshold) : { meanAbsolute: Infinity, differingShare: 1 };
  const comparison: GoldenComparison = { ...difference, sameSize, updated: false };
  if (sameSize && difference.meanAbsolute <= tolerance.meanAbsolute && difference.differingShare <= tolerance.differingShare) return comparison;
  comparison.failureImages = await writeFailureImages(
    name,
    half,
    sameSize ? { got: got.data, want: want.data, width: got.info.width, height: got.info.height } : null,
    tolerance.pixelThreshold,
  );
  console.warn(`golden ${name} differs: see ${comparison.failureImages.actual} and ${comparison.failureImages.diff}`);
  return comparison;
}

/**
 * The rendered image beside a difference picture: the golden faded to a quarter of its contrast,
 * with every pixel whose largest channel difference exceeds the threshold in red.
 */
async function writeFailureImages(
  name: string,
  actualPng: Buffer,
  pixels: { got: Buffer; want: Buffer; width: number; height: number } | null,
  threshold: number,
): Promise<{ actual: string; diff: string }> {
  mkdirSync(GOLDEN_FAILURE_DIR, { recursive: true });
  const actual = join(GOLDEN_FAILURE_DIR, `${name}.actual.png`);
  const diff = join(GOLDEN_FAILURE_DIR, `${name}.diff.png`);
  writeFileSync(actual, actualPng);
  if (!pixels) {
    // Sizes differ: there is no pixel-by-pixel difference to draw, only the new image.
    writeFileSync(diff, actualPng);
    return { actual, diff };
  }
  const out = Buffer.alloc(pixels.width * pixels.height * 4);
  for (let i = 0; i < out.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 4; c++) worst = Math.max(worst, Math.abs(pixels.got[i + c] - pixels.want[i + c]));
    const grey = 191 + Math.round((pixels.want[i] + pixels.want[i + 1] + pixels.want[i + 2]) / 12);
    const red = worst > threshold;
    out[i] = red ? 220 : grey;
    out[i + 1] = red ? 30 : grey;
    out[i + 2] = red ? 30 : grey;
    out[i + 3] = 255;
  }
  await sharp(out, { raw: { width: pixels.width, height: pixels.height, channels: 4 } })
    .png()
    .toFile(diff);
  return { actual, diff };
}
