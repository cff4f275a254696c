import { PmtilesError } from './pmtiles-errors';

/** One tile of a bundle. */
export interface BundledTile {
  z: number;
  x: number;
  y: number;
  bytes: Uint8Array;
}

const MAGIC = Buffer.from('CTB1');
const ENTRY_BYTES = 13;

/** A tile bundle that does not decode: wrong magic, truncated, or lengths past its end. */
export class InvalidTileBundleError extends PmtilesError {
  constructor(message: string) {
    super('PMTILES_INVALID_TILE_BUNDLE', message);
  }
}

/**
 * A run of tiles in one object, as a map archive build hands them from the job that rendered
 * them to the job that writes the archive: `CTB1`, a uint32 count, per tile z (uint8), x, y and
 * length (uint32, big-endian), then the tiles' bytes in the same order.
 */
export function encodeTileBundle(tiles: readonly BundledTile[]): Buffer {
  const head = Buffer.alloc(MAGIC.length + 4 + tiles.length * ENTRY_BYTES);
  MAGIC.copy(head, 0);
  head.writeUInt32BE(tiles.length, MAGIC.length);
  tiles.forEach((t, i) => {
    const at = MAGIC.length + 4 + i * ENTRY_BYTES;
    head.writeUInt8(t.z, at);
    head.writeUInt32BE(t.x, at + 1);
    head.writeUInt32BE(t.y, at + 5);
    head.writeUInt32BE(t.bytes.length, at + 9);
  });
  return Buffer.concat([head, ...tiles.map((t) => t.bytes)]);
}

/** The tiles of a bundle; their bytes are views into `bundle`. */
export function decodeTileBundle(bundle: Uint8Array): BundledTile[] {
  const buffer = Buffer.from(bundle.buffer, bundle.byteOffset, bundle.byteLength);
  if (buffer.length < MAGIC.length + 4 || !buffer.subarray(0, MAGIC.length).equals(MAGIC)) throw new InvalidTileBundleError('not a tile bundle');
  const count = buffer.readUInt32BE(MAGIC.length);
  let offset = MAGIC.length + 4 + count * ENTRY_BYTES;
  if (offset > buffer.length) throw new InvalidTileBundleError(`a bundle of ${count} tiles needs more than its ${buffer.length} bytes`);
  const tiles: BundledTile[] = [];
  for (let i = 0; i < count; i++) {
    const at = MAGIC.length + 4 + i * ENTRY_BYTES;
    const length = buffer.readUInt32BE(at + 9);
    if (offset + length > buffer.length) throw new InvalidTileBundleError(`tile ${i} runs past the end of the bundle`);
    tiles.push({ z: buffer.readUInt8(at), x: buffer.readUInt32BE(at + 1), y: buffer.readUInt32BE(at + 5), bytes: buffer.subarray(offset, offset + length) });
    offset += length;
  }
  if (offset !== buffer.length) throw new InvalidTileBundleError(`${buffer.length - offset} bytes follow the last tile`);
  return tiles;
}
