import { WEBP_TILE_QUALITY } from '@caddie/renderer';
import { blockTiles, MAP_TILE_BLOCK_SIDE, MAP_WEBP_QUALITY, mapArchiveKey, mapTileBlockKey, mapTileBlocks, mapTileKey } from './map-jobs';

describe('map archive jobs', () => {
  const ranges = [
    { zoom: 16, minX: 10, maxX: 10, minY: 20, maxY: 21 },
    { zoom: 15, minX: 5, maxX: 5, minY: 10, maxY: 10 },
    { zoom: 18, minX: 40, maxX: 49, minY: 80, maxY: 86 },
  ];

  it('splits every zoom into blocks of at most side x side tiles that hold each tile exactly once', () => {
    const blocks = mapTileBlocks(ranges);
    expect(blocks.map((b) => b.zoom)).toEqual([15, 16, ...Array(6).fill(18)]);
    for (const b of blocks) expect([b.maxX - b.minX < MAP_TILE_BLOCK_SIDE, b.maxY - b.minY < MAP_TILE_BLOCK_SIDE]).toEqual([true, true]);
    const seen = blocks.flatMap((b) => [...blockTiles(b)].map((t) => t.join('/')));
    const expected = ranges.flatMap((r) => [...blockTiles(r)].map((t) => t.join('/')));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(expected.sort());
    expect(blocks.find((b) => b.zoom === 18 && b.minX === 48 && b.minY === 84)).toEqual({ zoom: 18, minX: 48, maxX: 49, minY: 84, maxY: 86 });
  });

  it('keys archives, blocks and tiles by revision, size and encoding; lossy WebP keys carry the quality', () => {
    const p = { courseId: 'c', courseRevision: `sha256:${'a'.repeat(64)}`, tileSize: 256 as const, format: 'webp-lossy' as const };
    expect(mapArchiveKey(p.courseId, p.courseRevision, 256, 'webp-lossy')).toBe(`maps/c/${'a'.repeat(64)}/256.webp-q${MAP_WEBP_QUALITY}.pmtiles`);
    // the lossless default keeps the key it always had
    expect(mapArchiveKey(p.courseId, p.courseRevision, 512, 'webp')).toMatch(/\/512\.webp\.pmtiles$/);
    expect(mapArchiveKey(p.courseId, p.courseRevision, 256, 'png')).toMatch(/\/256\.png\.pmtiles$/);
    expect(mapTileKey(p, 18, 3, 4)).toBe(`maps/c/${'a'.repeat(64)}/tiles/256.webp-q${MAP_WEBP_QUALITY}/18/3/4`);
    expect(mapTileBlockKey(p, ranges[0])).toBe(`maps/c/${'a'.repeat(64)}/work/256.webp-q${MAP_WEBP_QUALITY}/16-10-20.tiles`);
  });

  it('keys lossy archives with the quality the renderer encodes at', () => {
    expect(MAP_WEBP_QUALITY).toBe(WEBP_TILE_QUALITY);
  });
});
