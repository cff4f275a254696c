import { TileType, decodeHeader } from './archive-header';
import { inMemoryByteSource, type ByteSource } from './byte-source';
import type { DirectoryEntry } from './directory-codec';
import { PmtilesIndex, findEntry } from './pmtiles-index';
import { InvalidArchiveError, UnsupportedCompressionError } from './pmtiles-errors';
import { PmtilesWriter } from './pmtiles-writer';
import { coursePyramid, scatteredTiles, type TestTile } from './testing/course-tiles';
import { referenceReader } from './testing/reference-reader';

async function archiveOf(tiles: readonly TestTile[]): Promise<Buffer> {
  const writer = new PmtilesWriter({ tileType: TileType.Png, metadata: { name: 'Old Course', holes: 18 } });
  for (const tile of tiles) writer.addTile(tile.z, tile.x, tile.y, tile.bytes);
  return writer.finish();
}

/** A ByteSource that counts reads, to show directories are read once. */
function countingSource(archive: Uint8Array): ByteSource & { reads: number } {
  const inner = inMemoryByteSource(archive);
  const source = {
    reads: 0,
    getBytes: (offset: number, length: number) => {
      source.reads += 1;
      return inner.getBytes(offset, length);
    },
  };
  return source;
}

/** Compares the index with the reference reader at each coordinate; returns disagreements. */
async function disagreements(archive: Buffer, index: PmtilesIndex, coordinates: Iterable<[number, number, number]>): Promise<string[]> {
  const reader = referenceReader(archive);
  const wrong: string[] = [];
  for (const [z, x, y] of coordinates) {
    const expected = await reader.getZxy(z, x, y);
    const location = await index.findTile(z, x, y);
    const actual = location === null ? undefined : archive.subarray(location.offset, location.offset + location.length);
    const agree = expected === undefined ? actual === undefined : actual !== undefined && actual.equals(new Uint8Array(expected.data));
    if (!agree) wrong.push(`${z}/${x}/${y}`);
  }
  return wrong;
}

function* gridAround(tiles: readonly TestTile[], z: number): Generator<[number, number, number]> {
  const atZoom = tiles.filter((tile) => tile.z === z);
  const xs = atZoom.map((tile) => tile.x);
  const ys = atZoom.map((tile) => tile.y);
  for (let x = Math.min(...xs) - 1; x <= Math.max(...xs) + 1; x += 1) {
    for (let y = Math.min(...ys) - 1; y <= Math.max(...ys) + 1; y += 1) yield [z, x, y];
  }
}

describe('PmtilesIndex', () => {
  describe('on a root-only archive', () => {
    const tiles = coursePyramid(21);
    let archive: Buffer;
    let index: PmtilesIndex;
    beforeAll(async () => {
      archive = await archiveOf(tiles);
      index = await PmtilesIndex.open(inMemoryByteSource(archive));
    });

    it('agrees with the reference reader for every tile and the empty tiles around them', async () => {
      const coordinates = [...gridAround(tiles, 14), ...gridAround(tiles, 17), ...tiles.map((t): [number, number, number] => [t.z, t.x, t.y])];
      expect(await disagreements(archive, index, coordinates)).toEqual([]);
    });

    it('returns null before the first and after the last tile id', async () => {
      expect(await index.findTile(0, 0, 0)).toBeNull();
      expect(await index.findTile(13, 4032, 2536)).toBeNull();
      expect(await index.findTile(22, 0, 0)).toBeNull();
    });

    it('reads tile bytes and metadata', async () => {
      const tile = tiles[100];
      expect(Buffer.from((await index.readTile(tile.z, tile.x, tile.y))!).equals(tile.bytes)).toBe(true);
      expect(await index.readTile(18, 0, 0)).toBeNull();
      expect(await index.metadata()).toEqual({ name: 'Old Course', holes: 18 });
      expect(index.header.tileType).toBe(TileType.Png);
    });
  });

  describe('on an archive with leaf directories', () => {
    const tiles = scatteredTiles(16_000, 5);
    let archive: Buffer;
    beforeAll(async () => {
      archive = await archiveOf(tiles);
    });

    it('needs leaves', () => {
      expect(decodeHeader(archive).leafDirectoryLength).toBeGreaterThan(0);
    });

    it('agrees with the reference reader for every tile and a full z12 grid around them', async () => {
      const index = await PmtilesIndex.open(inMemoryByteSource(archive));
      const coordinates = [...tiles.map((t): [number, number, number] => [t.z, t.x, t.y]), ...gridAround(tiles, 12)];
      expect(await disagreements(archive, index, coordinates)).toEqual([]);
      expect(await index.findTile(11, 1008, 636)).toBeNull();
      expect(await index.findTile(15, 32256, 20350)).toBeNull();
    });

    it('reads each directory once, sharing reads between concurrent lookups', async () => {
      const source = countingSource(archive);
      const index = await PmtilesIndex.open(source);
      expect(source.reads).toBe(2);
      await Promise.all(tiles.map((tile) => index.findTile(tile.z, tile.x, tile.y)));
      const leafCount = Math.ceil(tiles.length / 4096);
      expect(source.reads).toBe(2 + leafCount);
      for (const tile of tiles.slice(0, 2000)) await index.findTile(tile.z, tile.x, tile.y);
      expect(source.reads).toBe(2 + leafCount);
    });
  });

  describe('findEntry', () => {
    const directory: DirectoryEntry[] = [
      { tileId: 10, offset: 0, length: 5, runLength: 3 },
      { tileId: 20, offset: 0, length: 9, runLength: 0 },
      { tileId: 40, offset: 9, length: 9, runLength: 0 },
    ];

    it.each([
      [9, null],
      [10, 0],
      [12, 0],
      [13, null],
      [20, 1],
      [39, 1],
      [40, 2],
      [1e12, 2],
    ])('finds tile id %p in entry %p', (tileId, entryIndex) => {
      expect(findEntry(directory, tileId)).toBe(entryIndex === null ? null : directory[entryIndex]);
    });
  });

  describe('refuses', () => {
    let archive: Buffer;
    beforeAll(async () => {
      archive = await archiveOf(coursePyramid(3));
    });

    it('bytes that are not a PMTiles archive', async () => {
      await expect(PmtilesIndex.open(inMemoryByteSource(Buffer.alloc(500)))).rejects.toThrow(InvalidArchiveError);
    });

    it('a truncated archive', async () => {
      await expect(PmtilesIndex.open(inMemoryByteSource(archive.subarray(0, 200)))).rejects.toMatchObject({ code: 'PMTILES_INVALID_ARCHIVE' });
    });

    it('a root directory that is not gzip', async () => {
      const broken = Buffer.from(archive);
      broken.fill(0x55, 127, 140);
      await expect(PmtilesIndex.open(inMemoryByteSource(broken))).rejects.toThrow(InvalidArchiveError);
    });

    it('internal compression it cannot decode', async () => {
      const brotli = Buffer.from(archive);
      brotli[97] = 3;
      await expect(PmtilesIndex.open(inMemoryByteSource(brotli))).rejects.toThrow(UnsupportedCompressionError);
    });
  });
});
