import sharp from 'sharp';
import type { BBox } from '@caddie/catalog';
import { composeStaticMap, resolveStaticMap, STATIC_MAP_MAX_PIXELS, staticMapTiles } from './static-map';

const coverage: BBox = [-0.01, 51.49, 0.01, 51.51];

describe('resolveStaticMap', () => {
  it('accepts a box a hair or a margin past the coverage', () => {
    const inside = resolveStaticMap(coverage, 16, coverage);
    const hair = resolveStaticMap([coverage[0] - 1e-7, coverage[1], coverage[2], coverage[3] + 1e-7], 16, coverage);
    expect(hair.rect.width).toBeGreaterThanOrEqual(inside.rect.width);
    const margin = resolveStaticMap([-0.02, 51.48, 0.02, 51.52], 16, coverage);
    expect(margin.rect.width).toBeGreaterThan(inside.rect.width * 1.9);
    expect(margin.bounds[0]).toBeLessThanOrEqual(-0.02);
  });

  it('still refuses a box that misses the coverage, and one past the size limit', () => {
    expect(() => resolveStaticMap([0.02, 51.49, 0.03, 51.51], 16, coverage)).toThrow(expect.objectContaining({ code: 'bbox-outside-coverage' }));
    expect(() => resolveStaticMap([-0.03, 51.49, coverage[0], 51.51], 16, coverage)).toThrow(expect.objectContaining({ code: 'bbox-outside-coverage' }));
    expect(() => resolveStaticMap([-1, 51, 1, 52], 16, coverage)).toThrow(expect.objectContaining({ code: 'static-map-too-large' }));
    const limit = resolveStaticMap([-0.05, 51.49, 0.05, 51.51], 15, coverage);
    expect(limit.rect.width).toBeLessThanOrEqual(STATIC_MAP_MAX_PIXELS);
  });
});

describe('composeStaticMap past the coverage', () => {
  it('draws the tiles it has and leaves the rest empty paper', async () => {
    const frame = resolveStaticMap([-0.02, 51.49, 0.02, 51.51], 15, coverage);
    const tiles = staticMapTiles(frame.rect);
    // Only the first tile is "in the archive": a solid green square.
    const green = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#2e7d32' } })
      .webp()
      .toBuffer();
    const [tx, ty] = tiles[0];
    const png = await composeStaticMap(frame.rect, [{ x: tx, y: ty, bytes: green }], '');
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([frame.rect.width, frame.rect.height]);
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(0, 0)[1]).toBeGreaterThan(at(0, 0)[0] + 40);
    expect(at(info.width - 1, 0)).toEqual([255, 255, 255]);
  });
});
