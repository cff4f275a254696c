import { InvalidArchiveError } from './pmtiles-errors';
import { VarintWriter, readVarint, type ByteCursor } from './varint-codec';

/**
 * One directory entry. runLength > 0: `runLength` consecutive tile ids share the tile at `offset`
 * (relative to the tile data section). runLength 0: the entry points to a leaf directory at
 * `offset` (relative to the leaf directory section) whose first tile id is `tileId`.
 */
export interface DirectoryEntry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

/**
 * Serialises entries in the v3 columnar form (before internal compression): count, then all
 * tile id deltas, all run lengths, all lengths, all offsets. An offset that directly follows the
 * previous entry's bytes is written as 0, any other as offset + 1, so clustered archives store
 * mostly zeros.
 */
export function encodeDirectory(entries: readonly DirectoryEntry[]): Uint8Array {
  if (entries.length === 0) {
    throw new RangeError('a directory needs at least one entry');
  }
  const out = new VarintWriter(entries.length * 6 + 8);
  out.write(entries.length);
  let previousId = -1;
  for (const entry of entries) {
    if (entry.tileId <= previousId) {
      throw new RangeError(`directory tile ids must increase: ${entry.tileId} after ${previousId}`);
    }
    out.write(previousId < 0 ? entry.tileId : entry.tileId - previousId);
    previousId = entry.tileId;
  }
  for (const entry of entries) out.write(entry.runLength);
  for (const entry of entries) {
    if (entry.length <= 0) throw new RangeError(`entry for tile id ${entry.tileId} has length ${entry.length}`);
    out.write(entry.length);
  }
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index];
    const previous = index > 0 ? entries[index - 1] : undefined;
    const follows = previous !== undefined && entry.offset === previous.offset + previous.length;
    out.write(follows ? 0 : entry.offset + 1);
  }
  return out.toBytes();
}

/** Parses a directory serialised by encodeDirectory (already decompressed). */
export function decodeDirectory(bytes: Uint8Array): DirectoryEntry[] {
  const cursor: ByteCursor = { bytes, position: 0 };
  const count = readVarint(cursor);
  if (count === 0) throw new InvalidArchiveError('directory has no entries');
  // Each entry takes at least 4 bytes, which bounds the count before allocating.
  if (count * 4 > bytes.length) throw new InvalidArchiveError(`directory claims ${count} entries in ${bytes.length} bytes`);
  const entries: DirectoryEntry[] = new Array(count);
  let tileId = 0;
  for (let index = 0; index < count; index += 1) {
    const delta = readVarint(cursor);
    if (index > 0 && delta === 0) throw new InvalidArchiveError('directory tile ids do not increase');
    tileId += delta;
    entries[index] = { tileId, offset: 0, length: 0, runLength: 0 };
  }
  for (let index = 0; index < count; index += 1) entries[index].runLength = readVarint(cursor);
  for (let index = 0; index < count; index += 1) {
    const length = readVarint(cursor);
    if (length === 0) throw new InvalidArchiveError(`entry for tile id ${entries[index].tileId} has length 0`);
    entries[index].length = length;
  }
  for (let index = 0; index < count; index += 1) {
    const stored = readVarint(cursor);
    if (stored === 0) {
      if (index === 0) throw new InvalidArchiveError('first directory entry has no explicit offset');
      const previous = entries[index - 1];
      entries[index].offset = previous.offset + previous.length;
    } else {
      entries[index].offset = stored - 1;
    }
  }
  if (cursor.position !== bytes.length) {
    throw new InvalidArchiveError(`directory has ${bytes.length - cursor.position} trailing bytes`);
  }
  return entries;
}
