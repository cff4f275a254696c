import { generateDemoCourses, type Course } from '@caddie/catalog';
import { lonLatToWorldPixel, tileForLonLat } from '@caddie/geometry';
import sharp from 'sharp';
import { courseTileCoverage, MAX_ARCHIVE_TILES } from './tile-coverage';
import { paintMapRegion, renderTile } from './tile-renderer';

const course: Course = generateDemoCourses()[1];
const green = course.holes[0].greenCenter!;

/** Mean and max absolute RGB difference between two equally sized RGBA buffers. */
function difference(a: Buffer, b: Buffer): { mean: number; max: number } {
  let sum = 0;
  let max = 0;
  let n = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(a[i + c] - b[i + c]);
      sum += d;
      if (d > max) max = d;
      n++;
    }
  }
  return { mean: sum / n, max };
}

function column(rgba: Buffer, width: number, height: number, x: number): Buffer {
  const out = Buffer.alloc(height * 4);
  for (let y = 0; y < height; y++) rgba.copy(out, y * 4, (y * width + x) * 4, (y * width + x) * 4 + 4);
  return out;
}

describe('map tiles', () => {
  const z = 18;
  const { x, y } = tileForLonLat(green, z);

  it('renders a lossless WebP of the tile size by default, lossy WebP and PNG on request, opaque', async () => {
    const webp = await renderTile(course, z, x, y, 256, 'webp-lossy');
    const lossless = await renderTile(course, z, x, y);
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 256, 256, false]);
    const png = await renderTile(course, z, x, y, 512, 'png');
    const pngMeta = await sharp(png).metadata();
    expect([pngMeta.format, pngMeta.width, pngMeta.height]).toEqual(['png', 512, 512]);
    const painted = paintMapRegion(course, { zoom: z, tileSize: 256, x: x * 256, y: y * 256, width: 256, height: 256 });
    // lossless: the WebP decodes to exactly the painted pixels
    expect(difference(await sharp(lossless).ensureAlpha().raw().toBuffer(), painted).max).toBe(0);
    // lossy: much smaller, and close to the painted pixels on average
    expect(webp.length).toBeLessThan(lossless.length / 2);
    const lossy = difference(await sharp(webp).ensureAlpha().raw().toBuffer(), painted);
    expect(lossy.mean).toBeGreaterThan(0);
    expect(lossy.mean).toBeLessThan(3);
  });

  it('is deterministic: the same tile twice gives the same bytes', async () => {
    const a = await renderTile(course, z, x + 1, y);
    const b = await renderTile(course, z, x + 1, y);
    expect(a.equals(b)).toBe(true);
  });

  it('draws the course where Web Mercator puts it: the green tile is not plain rough', async () => {
    const rgba = paintMapRegion(course, { zoom: z, tileSize: 256, x: x * 256, y: y * 256, width: 256, height: 256 });
    const colors = new Set<number>();
    for (let i = 0; i < rgba.length; i += 4 * 7) colors.add((rgba[i] << 16) | (rgba[i + 1] << 8) | rgba[i + 2]);
    expect(colors.size).toBeGreaterThan(20);
    // the green's centre pixel carries the green colour, brighter than the rough a tile away
    const [gx, gy] = lonLatToWorldPixel(green, z).map(Math.floor);
    const at = (buf: Buffer, px: number, py: number) => buf.readUInt32BE(((py - y * 256) * 256 + (px - x * 256)) * 4) >>> 8;
    expect(at(rgba, gx, gy)).not.toBe(0);
  });

  it('is seamless: two neighbouring tiles continue each other like one wide render', async () => {
    const size = 256;
    const left = paintMapRegion(course, { zoom: z, tileSize: size, x: x * size, y: y * size, width: size, height: size });
    const right = paintMapRegion(course, { zoom: z, tileSize: size, x: (x + 1) * size, y: y * size, width: size, height: size });
    const wide = paintMapRegion(course, { zoom: z, tileSize: size, x: x * size, y: y * size, width: 2 * size, height: size });
    // shared edge: the left tile's last column and the right tile's first column equal the wide render's
    const edgeL = difference(column(left, size, size, size - 1), column(wide, 2 * size, size, size - 1));
    const edgeR = difference(column(right, size, size, 0), column(wide, 2 * size, size, size));
    expect(edgeL.max).toBeLessThanOrEqual(2);
    expect(edgeR.max).toBeLessThanOrEqual(2);
    // and across the seam the step is no larger than between ordinary neighbouring columns
    const seam = difference(column(left, size, size, size - 1), column(right, size, size, 0)).mean;
    const interior = difference(column(left, size, size, size - 3), column(left, size, size, size - 2)).mean;
    expect(seam).toBeLessThan(interior * 2 + 2);
  });

  it('vertical neighbours continue each other too', async () => {
    const size = 256;
    const top = paintMapRegion(course, { zoom: z, tileSize: size, x: x * size, y: y * size, width: size, height: size });
    const tall = paintMapRegion(course, { zoom: z, tileSize: size, x: x * size, y: y * size, width: size, height: 2 * size });
    const below = paintMapRegion(course, { zoom: z, tileSize: size, x: x * size, y: (y + 1) * size, width: size, height: size });
    const row = (buf: Buffer, r: number) => buf.subarray(r * size * 4, (r + 1) * size * 4);
    // the tall render linearises latitude at its own centre: anti-aliasing may differ by a few levels
    const a = difference(row(top, size - 1), row(tall, size - 1));
    const b = difference(row(below, 0), row(tall, size));
    expect(Math.max(a.max, b.max)).toBeLessThanOrEqual(8);
    expect(Math.max(a.mean, b.mean)).toBeLessThan(0.5);
  });
});

describe('tile coverage', () => {
  it('spans from a two-tile overview to zoom 20 within the tile budget', () => {
    for (const c of generateDemoCourses()) {
      const coverage = courseTileCoverage(c);
      const first = coverage.ranges[0];
      expect(Math.max(first.maxX - first.minX, first.maxY - first.minY)).toBeLessThanOrEqual(2);
      expect(coverage.maxZoom).toBeGreaterThanOrEqual(18);
      expect(coverage.maxZoom).toBeLessThanOrEqual(20);
      expect(coverage.tileCount).toBeLessThanOrEqual(MAX_ARCHIVE_TILES);
      expect(coverage.ranges.map((r) => r.zoom)).toEqual(Array.from({ length: coverage.maxZoom - coverage.minZoom + 1 }, (_, i) => coverage.minZoom + i));
    }
  });
});
