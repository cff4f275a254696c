export { Compression, HEADER_LENGTH, ROOT_BYTE_LIMIT, TileType, decodeHeader, encodeHeader, type ArchiveHeader, type LonLatBounds } from './archive-header';
export { inMemoryByteSource, type ByteSource } from './byte-source';
export { decodeDirectory, encodeDirectory, type DirectoryEntry } from './directory-codec';
export { MAX_TILE_ZOOM, tileIdToZxy, zxyToTileId } from './hilbert-tile-id';
export { PmtilesIndex, type TileLocation } from './pmtiles-index';
export { PmtilesWriter, type ArchiveCenter, type ArchiveSink, type PmtilesWriterOptions } from './pmtiles-writer';
export {
  DuplicateTileError,
  EmptyArchiveError,
  EmptyTileError,
  InvalidArchiveError,
  InvalidTileCoordinateError,
  InvalidWriterOptionError,
  PmtilesError,
  UnsupportedCompressionError,
  WriterFinishedError,
} from './pmtiles-errors';
export { decodeTileBundle, encodeTileBundle, InvalidTileBundleError, type BundledTile } from './tile-bundle';
