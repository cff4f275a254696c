import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { compareWithGolden, DEFAULT_GOLDEN_TOLERANCE, GOLDEN_DIR } from './golden-images';

/** A "render" that reproduces a stored golden: the golden (half resolution) enlarged back to full size. */
async function renderOfGolden(name: string, blot?: { left: number; top: number; size: number }): Promise<Buffer> {
  const golden = readFileSync(join(GOLDEN_DIR, `${name}.png`));
  const { width = 0, height = 0 } = await sharp(golden).metadata();
  let image = sharp(golden).resize(width * 2, height * 2, { kernel: 'nearest' });
  if (blot) {
    const square = await sharp({ create: { width: blot.size, height: blot.size, channels: 4, background: '#000000' } })
      .png()
      .toBuffer();
    image = sharp(await image.png().toBuffer()).composite([{ input: square, left: blot.left, top: blot.top }]);
  }
  return image.png().toBuffer();
}

describe('compareWithGolden', () => {
  const name = 'green-traditional';

  it('passes the same picture and writes nothing', async () => {
    const result = await compareWithGolden(name, await renderOfGolden(name));
    expect(result.sameSize).toBe(true);
    expect(result.meanAbsolute).toBeLessThanOrEqual(DEFAULT_GOLDEN_TOLERANCE.meanAbsolute);
    expect(result.failureImages).toBeUndefined();
  });

  it('writes the actual image and a difference picture marking the changed pixels when it fails', async () => {
    const result = await compareWithGolden(name, await renderOfGolden(name, { left: 100, top: 100, size: 200 }));
    expect(result.differingShare).toBeGreaterThan(DEFAULT_GOLDEN_TOLERANCE.differingShare);
    const { actual, diff } = result.failureImages!;
    try {
      expect(existsSync(actual)).toBe(true);
      const { data, info } = await sharp(diff).raw().toBuffer({ resolveWithObject: true });
      const redAt = (x: number, y: number) => {
        const i = (y * info.width + x) * info.channels;
        return data[i] > 200 && data[i + 1] < 60 && data[i + 2] < 60;
      };
      // The blot covers 50..150 at half resolution; far from it nothing is marked.
      expect(redAt(100, 100)).toBe(true);
      expect(redAt(5, info.height - 5)).toBe(false);
    } finally {
      rmSync(actual, { force: true });
      rmSync(diff, { force: true });
    }
  });
});
