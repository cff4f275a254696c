/** Base class for every error this lib raises; `code` is stable and safe to branch on. */
export class PmtilesError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A z/x/y outside the tile pyramid, or a tile id outside the supported zoom range. */
export class InvalidTileCoordinateError extends PmtilesError {
  constructor(message: string) {
    super('PMTILES_INVALID_TILE_COORDINATE', message);
  }
}

/** The same z/x/y was added twice to one writer. */
export class DuplicateTileError extends PmtilesError {
  constructor(z: number, x: number, y: number) {
    super('PMTILES_DUPLICATE_TILE', `tile ${z}/${x}/${y} was already added`);
  }
}

/** The spec requires every tile entry to have a length above zero. */
export class EmptyTileError extends PmtilesError {
  constructor(z: number, x: number, y: number) {
    super('PMTILES_EMPTY_TILE', `tile ${z}/${x}/${y} has no bytes`);
  }
}

/** The spec requires non-empty directories, so an archive needs at least one tile. */
export class EmptyArchiveError extends PmtilesError {
  constructor() {
    super('PMTILES_EMPTY_ARCHIVE', 'an archive needs at least one tile');
  }
}

/** A writer is single use: tiles cannot be added after the archive has been written. */
export class WriterFinishedError extends PmtilesError {
  constructor() {
    super('PMTILES_WRITER_FINISHED', 'the archive has already been written');
  }
}

/** Options given to the writer that the format cannot represent. */
export class InvalidWriterOptionError extends PmtilesError {
  constructor(message: string) {
    super('PMTILES_INVALID_WRITER_OPTION', message);
  }
}

/** Bytes that are not a well-formed PMTiles v3 archive (bad magic, version, directory, length). */
export class InvalidArchiveError extends PmtilesError {
  constructor(message: string) {
    super('PMTILES_INVALID_ARCHIVE', message);
  }
}

/** A valid archive whose internal compression this reader does not implement (brotli, zstd). */
export class UnsupportedCompressionError extends PmtilesError {
  constructor(compression: number) {
    super('PMTILES_UNSUPPORTED_COMPRESSION', `internal compression ${compression} is not supported`);
  }
}
