/**
 * Golden-image comparison for renderer tests: images are compared at half resolution (which
 * absorbs anti-aliasing noise and keeps the stored PNGs small) by mean absolute channel
 * difference and the share of clearly different pixels. UPDATE_GOLDEN=1 rewrites the goldens.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

export const GOLDEN_DIR = join(__dirname, '__golden__');

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
}

async function halfSizePng(image: Buffer): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  return sharp(image).ensureAlpha().resize(Math.round((meta.width ?? 2) / 2), Math.round((meta.height ?? 2) / 2), { kernel: 'lanczos3' }).png({ compressionLevel: 9, palette: false }).toBuffer();
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
  if (!sameSize) return { meanAbsolute: Infinity, differingShare: 1, sameSize, updated: false };
  return { ...imageDifference(got.data, want.data, tolerance.pixelThreshold), sameSize, updated: false };
}
