import { InvalidArchiveError } from './pmtiles-errors';

/** Fixed header size of a v3 archive. */
export const HEADER_LENGTH = 127;
/** The header plus the root directory must fit in this many leading bytes, so one read gets both. */
export const ROOT_BYTE_LIMIT = 16_384;

const MAGIC = 'PMTiles';
const SPEC_VERSION = 3;

/** Compression of tiles (`tileCompression`) or of directories and metadata (`internalCompression`). */
export const Compression = { Unknown: 0, None: 1, Gzip: 2, Brotli: 3, Zstd: 4 } as const;
export type Compression = (typeof Compression)[keyof typeof Compression];

/** What the tiles are; tells servers which Content-Type to send. */
export const TileType = { Unknown: 0, Mvt: 1, Png: 2, Jpeg: 3, Webp: 4, Avif: 5 } as const;
export type TileType = (typeof TileType)[keyof typeof TileType];

/** Geographic extent in degrees (WGS 84). */
export interface LonLatBounds {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** Every field of the 127-byte v3 header; offsets are absolute positions in the archive. */
export interface ArchiveHeader {
  specVersion: number;
  rootDirectoryOffset: number;
  rootDirectoryLength: number;
  metadataOffset: number;
  metadataLength: number;
  leafDirectoryOffset: number;
  leafDirectoryLength: number;
  tileDataOffset: number;
  tileDataLength: number;
  addressedTiles: number;
  tileEntries: number;
  tileContents: number;
  clustered: boolean;
  internalCompression: Compression;
  tileCompression: Compression;
  tileType: TileType;
  minZoom: number;
  maxZoom: number;
  bounds: LonLatBounds;
  centerZoom: number;
  centerLon: number;
  centerLat: number;
}

// Field positions inside the header, per the v3 specification.
const AT = {
  rootDirectoryOffset: 8,
  rootDirectoryLength: 16,
  metadataOffset: 24,
  metadataLength: 32,
  leafDirectoryOffset: 40,
  leafDirectoryLength: 48,
  tileDataOffset: 56,
  tileDataLength: 64,
  addressedTiles: 72,
  tileEntries: 80,
  tileContents: 88,
  clustered: 96,
  internalCompression: 97,
  tileCompression: 98,
  tileType: 99,
  minZoom: 100,
  maxZoom: 101,
  minLon: 102,
  minLat: 106,
  maxLon: 110,
  maxLat: 114,
  centerZoom: 118,
  centerLon: 119,
  centerLat: 123,
} as const;

const UINT64_FIELDS = [
  'rootDirectoryOffset',
  'rootDirectoryLength',
  'metadataOffset',
  'metadataLength',
  'leafDirectoryOffset',
  'leafDirectoryLength',
  'tileDataOffset',
  'tileDataLength',
  'addressedTiles',
  'tileEntries',
  'tileContents',
] as const;

/** Degrees to the header's signed 32-bit fixed point (degrees x 10^7). */
function toE7(degrees: number): number {
  return Math.round(degrees * 1e7);
}

/** Degrees as the header stores them: the nearest multiple of 10^-7. */
export function roundToE7(degrees: number): number {
  return toE7(degrees) / 1e7;
}

/** Serialises a header into its 127 bytes. */
export function encodeHeader(header: ArchiveHeader): Uint8Array {
  const bytes = new Uint8Array(HEADER_LENGTH);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < MAGIC.length; index += 1) bytes[index] = MAGIC.charCodeAt(index);
  bytes[7] = SPEC_VERSION;
  for (const field of UINT64_FIELDS) {
    view.setBigUint64(AT[field], BigInt(header[field]), true);
  }
  bytes[AT.clustered] = header.clustered ? 1 : 0;
  bytes[AT.internalCompression] = header.internalCompression;
  bytes[AT.tileCompression] = header.tileCompression;
  bytes[AT.tileType] = header.tileType;
  bytes[AT.minZoom] = header.minZoom;
  bytes[AT.maxZoom] = header.maxZoom;
  view.setInt32(AT.minLon, toE7(header.bounds.minLon), true);
  view.setInt32(AT.minLat, toE7(header.bounds.minLat), true);
  view.setInt32(AT.maxLon, toE7(header.bounds.maxLon), true);
  view.setInt32(AT.maxLat, toE7(header.bounds.maxLat), true);
  bytes[AT.centerZoom] = header.centerZoom;
  view.setInt32(AT.centerLon, toE7(header.centerLon), true);
  view.setInt32(AT.centerLat, toE7(header.centerLat), true);
  return bytes;
}

/** Parses the first 127 bytes of an archive; rejects anything that is not PMTiles v3. */
export function decodeHeader(bytes: Uint8Array): ArchiveHeader {
  if (bytes.length < HEADER_LENGTH) {
    throw new InvalidArchiveError(`header needs ${HEADER_LENGTH} bytes, got ${bytes.length}`);
  }
  const magic = String.fromCharCode(...bytes.subarray(0, MAGIC.length));
  if (magic !== MAGIC) throw new InvalidArchiveError('missing PMTiles magic number');
  if (bytes[7] !== SPEC_VERSION) throw new InvalidArchiveError(`spec version ${bytes[7]} is not 3`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_LENGTH);
  const uint64 = (at: number): number => {
    const value = view.getBigUint64(at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new InvalidArchiveError(`header value ${value} is too large`);
    return Number(value);
  };
  const e7 = (at: number): number => view.getInt32(at, true) / 1e7;
  return {
    specVersion: bytes[7],
    rootDirectoryOffset: uint64(AT.rootDirectoryOffset),
    rootDirectoryLength: uint64(AT.rootDirectoryLength),
    metadataOffset: uint64(AT.metadataOffset),
    metadataLength: uint64(AT.metadataLength),
    leafDirectoryOffset: uint64(AT.leafDirectoryOffset),
    leafDirectoryLength: uint64(AT.leafDirectoryLength),
    tileDataOffset: uint64(AT.tileDataOffset),
    tileDataLength: uint64(AT.tileDataLength),
    addressedTiles: uint64(AT.addressedTiles),
    tileEntries: uint64(AT.tileEntries),
    tileContents: uint64(AT.tileContents),
    clustered: bytes[AT.clustered] === 1,
    internalCompression: bytes[AT.internalCompression] as Compression,
    tileCompression: bytes[AT.tileCompression] as Compression,
    tileType: bytes[AT.tileType] as TileType,
    minZoom: bytes[AT.minZoom],
    maxZoom: bytes[AT.maxZoom],
    bounds: { minLon: e7(AT.minLon), minLat: e7(AT.minLat), maxLon: e7(AT.maxLon), maxLat: e7(AT.maxLat) },
    centerZoom: bytes[AT.centerZoom],
    centerLon: e7(AT.centerLon),
    centerLat: e7(AT.centerLat),
  };
}
