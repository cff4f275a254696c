export { Compression, TileType, type ArchiveHeader, type LonLatBounds } from './archive-header';
export { type ByteSource } from './byte-source';
export { type DirectoryEntry } from './directory-codec';
export { PmtilesIndex, type TileLocation } from './pmtiles-index';
export { PmtilesWriter, type ArchiveCenter, type ArchiveSink, type PmtilesWriterOptions } from './pmtiles-writer';
export { decodeTileBundle, encodeTileBundle, type BundledTile } from './tile-bundle';
