import { decodeDirectory, encodeDirectory, type DirectoryEntry } from './directory-codec';
import { InvalidArchiveError } from './pmtiles-errors';
import { SeededRandom } from './testing/seeded-random';

describe('directory codec', () => {
  it('writes the columns in spec order with contiguous offsets as 0 and others as offset + 1', () => {
    const entries: DirectoryEntry[] = [
      { tileId: 5, offset: 0, length: 10, runLength: 1 },
      { tileId: 7, offset: 10, length: 3, runLength: 2 },
      { tileId: 300, offset: 0, length: 10, runLength: 1 },
    ];
    // count | id deltas 5, 2, 293 | run lengths | lengths | offsets: 0+1, follows, back-reference 0+1
    expect([...encodeDirectory(entries)]).toEqual([3, 5, 2, 0xa5, 0x02, 1, 2, 1, 10, 3, 10, 1, 0, 1]);
    expect(decodeDirectory(encodeDirectory(entries))).toEqual(entries);
  });

  it('round-trips leaf pointers (run length 0) and large ids and offsets', () => {
    const random = new SeededRandom(11);
    const entries: DirectoryEntry[] = [];
    let tileId = 5_864_062_014_805;
    let offset = 2 ** 33;
    for (let index = 0; index < 500; index += 1) {
      tileId += random.int(1, 10_000);
      const length = random.int(1, 70_000);
      const backReference = random.int(0, 4) === 0;
      entries.push({ tileId, offset: backReference ? random.int(0, offset) : offset, length, runLength: random.int(0, 3) });
      if (!backReference) offset += length;
    }
    expect(decodeDirectory(encodeDirectory(entries))).toEqual(entries);
  });

  it('refuses what the spec forbids when writing', () => {
    expect(() => encodeDirectory([])).toThrow(RangeError);
    expect(() =>
      encodeDirectory([
        { tileId: 4, offset: 0, length: 1, runLength: 1 },
        { tileId: 4, offset: 1, length: 1, runLength: 1 },
      ]),
    ).toThrow(RangeError);
    expect(() => encodeDirectory([{ tileId: 1, offset: 0, length: 0, runLength: 1 }])).toThrow(RangeError);
  });

  it.each([
    ['an empty directory', [0]],
    ['a count larger than the bytes can hold', [9, 1, 1, 1, 1]],
    ['a zero length', [1, 1, 1, 0, 1]],
    ['a first offset encoded as "follows previous"', [1, 1, 1, 1, 0]],
    ['trailing bytes', [1, 1, 1, 1, 1, 0, 0, 0]],
    ['repeated tile ids', [2, 1, 0, 1, 1, 1, 1, 1, 0]],
  ])('rejects %s when reading', (_name, bytes) => {
    expect(() => decodeDirectory(new Uint8Array(bytes))).toThrow(InvalidArchiveError);
  });
});
