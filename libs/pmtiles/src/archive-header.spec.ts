import * as reference from 'pmtiles';
import { Compression, HEADER_LENGTH, TileType, decodeHeader, encodeHeader, type ArchiveHeader } from './archive-header';
import { InvalidArchiveError } from './pmtiles-errors';

const header: ArchiveHeader = {
  specVersion: 3,
  rootDirectoryOffset: 127,
  rootDirectoryLength: 402,
  metadataOffset: 529,
  metadataLength: 61,
  leafDirectoryOffset: 590,
  leafDirectoryLength: 7_000,
  tileDataOffset: 7_590,
  tileDataLength: 2 ** 34 + 5,
  addressedTiles: 50_000,
  tileEntries: 48_000,
  tileContents: 47_000,
  clustered: true,
  internalCompression: Compression.Gzip,
  tileCompression: Compression.None,
  tileType: TileType.Webp,
  minZoom: 14,
  maxZoom: 19,
  bounds: { minLon: -2.8231456, minLat: 56.3398712, maxLon: -2.7912345, maxLat: 56.3541234 },
  centerZoom: 16,
  centerLon: -2.80719,
  centerLat: 56.34701,
};

describe('archive header', () => {
  it('is 127 bytes starting with the magic number and version 3', () => {
    const bytes = encodeHeader(header);
    expect(bytes.length).toBe(HEADER_LENGTH);
    expect(Buffer.from(bytes.subarray(0, 7)).toString('latin1')).toBe('PMTiles');
    expect(bytes[7]).toBe(3);
  });

  it('stores fields at the spec offsets, degrees as signed E7 integers', () => {
    const bytes = encodeHeader(header);
    const view = new DataView(bytes.buffer);
    expect(view.getBigUint64(64, true)).toBe(BigInt(2 ** 34 + 5));
    expect(bytes[96]).toBe(1);
    expect(bytes[99]).toBe(TileType.Webp);
    expect(view.getInt32(102, true)).toBe(-28_231_456);
    expect(view.getInt32(114, true)).toBe(563_541_234);
    expect(bytes[118]).toBe(16);
    expect(view.getInt32(123, true)).toBe(563_470_100);
  });

  it('round-trips through its own decoder', () => {
    expect(decodeHeader(encodeHeader(header))).toEqual(header);
  });

  it('is read identically by the reference decoder', () => {
    const bytes = encodeHeader(header);
    const decoded = reference.bytesToHeader(bytes.buffer as ArrayBuffer);
    expect(decoded).toMatchObject({
      specVersion: 3,
      rootDirectoryOffset: 127,
      rootDirectoryLength: 402,
      jsonMetadataOffset: 529,
      jsonMetadataLength: 61,
      leafDirectoryOffset: 590,
      leafDirectoryLength: 7_000,
      tileDataOffset: 7_590,
      tileDataLength: 2 ** 34 + 5,
      numAddressedTiles: 50_000,
      numTileEntries: 48_000,
      numTileContents: 47_000,
      clustered: true,
      internalCompression: 2,
      tileCompression: 1,
      tileType: 4,
      minZoom: 14,
      maxZoom: 19,
      minLon: -2.8231456,
      minLat: 56.3398712,
      maxLon: -2.7912345,
      maxLat: 56.3541234,
      centerZoom: 16,
      centerLon: -2.80719,
      centerLat: 56.34701,
    });
  });

  it('rejects short input, a wrong magic number and other spec versions', () => {
    const bytes = encodeHeader(header);
    expect(() => decodeHeader(bytes.subarray(0, 100))).toThrow(InvalidArchiveError);
    const wrongMagic = bytes.slice();
    wrongMagic[0] = 'Q'.charCodeAt(0);
    expect(() => decodeHeader(wrongMagic)).toThrow(InvalidArchiveError);
    const version2 = bytes.slice();
    version2[7] = 2;
    expect(() => decodeHeader(version2)).toThrow(/spec version 2/);
  });
});
