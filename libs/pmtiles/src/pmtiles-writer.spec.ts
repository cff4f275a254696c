import { Compression, HEADER_LENGTH, ROOT_BYTE_LIMIT, TileType, decodeHeader } from './archive-header';
import { zxyToTileId } from './hilbert-tile-id';
import {
  DuplicateTileError,
  EmptyArchiveError,
  EmptyTileError,
  InvalidTileCoordinateError,
  InvalidWriterOptionError,
  WriterFinishedError,
} from './pmtiles-errors';
import { PmtilesWriter } from './pmtiles-writer';
import { COURSE_ROOT_TILE, coursePyramid, scatteredTiles, type TestTile } from './testing/course-tiles';
import { referenceReader } from './testing/reference-reader';
import { SeededRandom } from './testing/seeded-random';
import { tileRangeBounds } from './tile-extent';

function writerWith(tiles: readonly TestTile[], seed = 1): PmtilesWriter {
  const writer = new PmtilesWriter({ tileType: TileType.Webp, metadata: { name: 'Old Course' } });
  for (const tile of new SeededRandom(seed).shuffled(tiles)) writer.addTile(tile.z, tile.x, tile.y, tile.bytes);
  return writer;
}

/** Reads every tile with the reference reader; collects failures so one assertion covers them all. */
async function expectEveryTileReadsBack(archive: Buffer, tiles: readonly TestTile[]): Promise<void> {
  const reader = referenceReader(archive);
  const wrong: string[] = [];
  for (const tile of tiles) {
    const response = await reader.getZxy(tile.z, tile.x, tile.y);
    if (response === undefined || !Buffer.from(response.data).equals(tile.bytes)) wrong.push(`${tile.z}/${tile.x}/${tile.y}`);
  }
  expect(wrong).toEqual([]);
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('PmtilesWriter', () => {
  describe('a course pyramid (z14-z17, tiles added in random order)', () => {
    const tiles = coursePyramid(42);
    let archive: Buffer;
    beforeAll(async () => {
      archive = await writerWith(tiles).finish();
    });

    it('reads back byte-identical through the reference reader', async () => {
      await expectEveryTileReadsBack(archive, tiles);
    });

    it('has no tiles outside what was added', async () => {
      const reader = referenceReader(archive);
      const { z, x, y } = COURSE_ROOT_TILE;
      expect(await reader.getZxy(z - 1, x / 2, (y - 1) / 2)).toBeUndefined();
      expect(await reader.getZxy(z, x + 2, y)).toBeUndefined();
      expect(await reader.getZxy(z + 4, x * 16, y * 16)).toBeUndefined();
    });

    it('fills the header fields', async () => {
      const header = await referenceReader(archive).getHeader();
      const distinctContents = new Set(tiles.map((tile) => hex(tile.bytes))).size;
      expect(header).toMatchObject({
        specVersion: 3,
        minZoom: 14,
        maxZoom: 17,
        tileType: TileType.Webp,
        tileCompression: Compression.None,
        internalCompression: Compression.Gzip,
        clustered: true,
        numAddressedTiles: tiles.length,
        numTileContents: distinctContents,
        rootDirectoryOffset: HEADER_LENGTH,
        leafDirectoryLength: 0,
      });
      expect(distinctContents).toBeLessThan(tiles.length);
      // Every tile is its own entry except where repeated blanks happen to be neighbours on the curve.
      expect(header.numTileEntries).toBeGreaterThanOrEqual(distinctContents);
      expect(header.numTileEntries).toBeLessThanOrEqual(tiles.length);
      expect(header.tileDataOffset + header.tileDataLength!).toBe(archive.length);
    });

    it('defaults bounds to the tiles extent and the centre to its middle at the minimum zoom', async () => {
      const header = await referenceReader(archive).getHeader();
      const { z, x, y } = COURSE_ROOT_TILE;
      const expected = tileRangeBounds({ minX: x, maxX: x + 1, minY: y, maxY: y + 1 }, z);
      expect(header.minLon).toBeCloseTo(expected.minLon, 6);
      expect(header.maxLon).toBeCloseTo(expected.maxLon, 6);
      expect(header.minLat).toBeCloseTo(expected.minLat, 6);
      expect(header.maxLat).toBeCloseTo(expected.maxLat, 6);
      expect(header.minLon).toBeLessThan(-2.79);
      expect(header.maxLat).toBeGreaterThan(56.34);
      expect(header.centerLon).toBeCloseTo((expected.minLon + expected.maxLon) / 2, 6);
      expect(header.centerLat).toBeCloseTo((expected.minLat + expected.maxLat) / 2, 6);
      expect(header.centerZoom).toBe(14);
    });

    it('stores the metadata as JSON', async () => {
      expect(await referenceReader(archive).getMetadata()).toEqual({ name: 'Old Course' });
    });

    it('lays tile data out in tile id order (clustered), each content once', () => {
      const header = decodeHeader(archive);
      const firstUse = new Map<string, Uint8Array>();
      const byId = [...tiles].sort((a, b) => zxyToTileId(a.z, a.x, a.y) - zxyToTileId(b.z, b.x, b.y));
      for (const tile of byId) if (!firstUse.has(hex(tile.bytes))) firstUse.set(hex(tile.bytes), tile.bytes);
      const expectedData = Buffer.concat([...firstUse.values()]);
      expect(archive.subarray(header.tileDataOffset).equals(expectedData)).toBe(true);
    });
  });

  it('writes given bounds and centre as E7 degrees', async () => {
    const writer = new PmtilesWriter({
      tileType: TileType.Png,
      bounds: { minLon: -2.82314567, minLat: 56.3398712, maxLon: -2.7912345, maxLat: 56.3541234 },
      center: { lon: -2.80719, lat: 56.34701, zoom: 16 },
    });
    writer.addTile(15, 16128, 10174, new Uint8Array([1, 2, 3]));
    const header = await referenceReader(await writer.finish()).getHeader();
    expect(header).toMatchObject({
      tileType: TileType.Png,
      minZoom: 15,
      maxZoom: 15,
      minLon: -2.8231457,
      minLat: 56.3398712,
      maxLon: -2.7912345,
      maxLat: 56.3541234,
      centerZoom: 16,
      centerLon: -2.80719,
      centerLat: 56.34701,
    });
  });

  it('covers the Mercator world when a z0 tile is present', async () => {
    const writer = new PmtilesWriter({ tileType: TileType.Png });
    writer.addTile(0, 0, 0, new Uint8Array([9]));
    writer.addTile(1, 1, 1, new Uint8Array([8]));
    const header = await referenceReader(await writer.finish()).getHeader();
    expect([header.minLon, header.maxLon, header.minLat, header.maxLat]).toEqual([-180, 180, -85.0511288, 85.0511288]);
  });

  describe('deduplication', () => {
    it('stores a block of identical tiles once, as one run-length entry', async () => {
      const blank = new SeededRandom(3).bytes(500);
      const tiles: TestTile[] = [];
      // An aligned 32x32 block at z10 is one contiguous stretch of the Hilbert curve.
      for (let x = 0; x < 32; x += 1) for (let y = 0; y < 32; y += 1) tiles.push({ z: 10, x: 512 + x, y: 320 + y, bytes: blank });
      const archive = await writerWith(tiles).finish();
      const header = decodeHeader(archive);
      expect(header).toMatchObject({ addressedTiles: 1024, tileEntries: 1, tileContents: 1, tileDataLength: 500 });
      expect(archive.length).toBe(header.tileDataOffset + 500);
      expect(archive.length).toBeLessThan(500 + 400);
      await expectEveryTileReadsBack(archive, tiles);
    });

    it('stores repeated contents once even when they alternate', async () => {
      const random = new SeededRandom(4);
      const light = random.bytes(300);
      const dark = random.bytes(200);
      const tiles: TestTile[] = [];
      // A checkerboard: neighbours on the Hilbert curve always differ, so no runs form.
      for (let x = 0; x < 16; x += 1) for (let y = 0; y < 16; y += 1) tiles.push({ z: 12, x: 2016 + x, y: 1271 + y, bytes: (x + y) % 2 ? light : dark });
      const archive = await writerWith(tiles).finish();
      const header = decodeHeader(archive);
      expect(header).toMatchObject({ addressedTiles: 256, tileEntries: 256, tileContents: 2, tileDataLength: 500 });
      await expectEveryTileReadsBack(archive, tiles);
    });

    it('copies new contents, so callers may reuse their buffers', async () => {
      const scratch = new Uint8Array([1, 1, 1]);
      const writer = new PmtilesWriter({ tileType: TileType.Png });
      writer.addTile(3, 1, 1, scratch);
      scratch.fill(2);
      writer.addTile(3, 1, 2, scratch);
      expect(writer.uniqueContentCount).toBe(2);
      const reader = referenceReader(await writer.finish());
      expect([...new Uint8Array((await reader.getZxy(3, 1, 1))!.data)]).toEqual([1, 1, 1]);
      expect([...new Uint8Array((await reader.getZxy(3, 1, 2))!.data)]).toEqual([2, 2, 2]);
    });
  });

  describe('an archive too large for a root-only directory', () => {
    const tiles = scatteredTiles(20_000, 9);
    let archive: Buffer;
    beforeAll(async () => {
      archive = await writerWith(tiles).finish();
    });

    it('uses leaf directories and keeps header plus root within 16 KiB', () => {
      const header = decodeHeader(archive);
      expect(header.leafDirectoryLength).toBeGreaterThan(0);
      expect(HEADER_LENGTH + header.rootDirectoryLength).toBeLessThanOrEqual(ROOT_BYTE_LIMIT);
      expect(header.rootDirectoryLength).toBeLessThan(200);
      expect(header).toMatchObject({ minZoom: 12, maxZoom: 14, addressedTiles: 20_000, tileEntries: 20_000, tileContents: 20_000 });
    });

    it('reads back byte-identical through the reference reader', async () => {
      await expectEveryTileReadsBack(archive, tiles);
    });
  });

  it('streams the same bytes to a sink as finish() returns', async () => {
    const tiles = coursePyramid(8);
    const chunks: Uint8Array[] = [];
    const written = await writerWith(tiles).writeTo(async (chunk) => {
      chunks.push(chunk);
    });
    const streamed = Buffer.concat(chunks);
    expect(streamed.equals(await writerWith(tiles).finish())).toBe(true);
    expect(decodeHeader(streamed)).toEqual(written);
  });

  describe('refuses', () => {
    const writer = () => new PmtilesWriter({ tileType: TileType.Webp });

    it('a tile outside its zoom grid', () => {
      expect(() => writer().addTile(2, 4, 0, new Uint8Array([1]))).toThrow(InvalidTileCoordinateError);
    });

    it('the same tile twice', () => {
      const w = writer();
      w.addTile(5, 3, 3, new Uint8Array([1]));
      expect(() => w.addTile(5, 3, 3, new Uint8Array([2]))).toThrow(DuplicateTileError);
    });

    it('an empty tile', () => {
      expect(() => writer().addTile(5, 3, 3, new Uint8Array(0))).toThrow(EmptyTileError);
    });

    it('an archive without tiles', async () => {
      await expect(writer().finish()).rejects.toThrow(EmptyArchiveError);
    });

    it('use after finishing', async () => {
      const w = writer();
      w.addTile(1, 0, 0, new Uint8Array([1]));
      await w.finish();
      expect(() => w.addTile(1, 1, 0, new Uint8Array([1]))).toThrow(WriterFinishedError);
      await expect(w.finish()).rejects.toMatchObject({ code: 'PMTILES_WRITER_FINISHED' });
    });

    it.each([
      { tileType: 9 as TileType },
      { tileType: TileType.Png, tileCompression: 7 as Compression },
      { tileType: TileType.Png, bounds: { minLon: -200, minLat: 0, maxLon: 0, maxLat: 1 } },
      { tileType: TileType.Png, bounds: { minLon: 1, minLat: 0, maxLon: 0, maxLat: 1 } },
      { tileType: TileType.Png, center: { lon: 0, lat: 0, zoom: 2.5 } },
      { tileType: TileType.Png, metadata: { size: 10n } },
      { tileType: TileType.Png, metadata: [1, 2] as unknown as Record<string, unknown> },
    ])('options %p', (options) => {
      expect(() => new PmtilesWriter(options)).toThrow(InvalidWriterOptionError);
    });
  });
});
