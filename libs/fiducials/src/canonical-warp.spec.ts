import { warpToCanonical } from './canonical-warp';
import type { Homography } from './homography';

describe('warpToCanonical', () => {
  // A photo coarser than the page it is resampled to: one dark column, one pixel wide, on paper.
  const width = 16;
  const height = 8;
  const photo = { data: new Uint8Array(width * height).fill(255), width, height, channels: 1 as const };
  for (let y = 0; y < height; y++) photo.data[y * width + 8] = 40;
  // canonical = 2 x source + 0.5: every output pixel falls a quarter pixel off a photo pixel's centre
  const sourceToCanonical: Homography = [2, 0, 0.5, 0, 2, 0.5, 0, 0, 1];
  const darkest = (image: { data: Uint8Array; width: number }, row: number) => Math.min(...image.data.subarray(row * image.width, (row + 1) * image.width));

  it("keeps more of a thin stroke's darkness with the cubic kernel than with the linear one", async () => {
    const options = { canonicalWidth: 2 * width, canonicalHeight: 2 * height };
    const linear = await warpToCanonical(photo, sourceToCanonical, options);
    const cubic = await warpToCanonical(photo, sourceToCanonical, { ...options, interpolation: 'cubic' });
    expect(await warpToCanonical(photo, sourceToCanonical, { ...options, interpolation: 'linear' })).toEqual(linear);
    // linear: a quarter of the way to paper (about 94); cubic: about 66
    expect(darkest(linear, 8)).toBeGreaterThan(85);
    expect(darkest(cubic, 8)).toBeLessThan(darkest(linear, 8) - 20);
    // paper away from the stroke stays paper
    expect(cubic.data[8 * cubic.width + 2]).toBe(255);
  });
});
