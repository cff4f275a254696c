import { InvalidArchiveError } from './pmtiles-errors';

/** Read position inside a byte array, advanced by readVarint. */
export interface ByteCursor {
  bytes: Uint8Array;
  position: number;
}

/** A growable byte buffer for writing unsigned LEB128 varints. */
export class VarintWriter {
  private buffer: Uint8Array;
  private used = 0;

  constructor(initialCapacity = 1024) {
    this.buffer = new Uint8Array(Math.max(16, initialCapacity));
  }

  /** Appends value as a little-endian base-128 varint; values up to 2^53 - 1 are exact. */
  write(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`varint value ${value} is not a non-negative safe integer`);
    }
    // A safe integer needs at most 8 varint bytes (53 bits / 7).
    if (this.used + 8 > this.buffer.length) {
      const grown = new Uint8Array(this.buffer.length * 2);
      grown.set(this.buffer.subarray(0, this.used));
      this.buffer = grown;
    }
    // Division instead of >>> because values may exceed 32 bits.
    while (value >= 0x80) {
      this.buffer[this.used++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.buffer[this.used++] = value;
  }

  /** The bytes written so far (a copy sized to fit). */
  toBytes(): Uint8Array {
    return this.buffer.slice(0, this.used);
  }
}

/** Reads one unsigned varint at the cursor and advances it. */
export function readVarint(cursor: ByteCursor): number {
  const { bytes } = cursor;
  let value = 0;
  let scale = 1;
  for (let index = 0; index < 8; index += 1) {
    if (cursor.position >= bytes.length) {
      throw new InvalidArchiveError('directory ends inside a varint');
    }
    const byte = bytes[cursor.position++];
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) {
      if (!Number.isSafeInteger(value)) {
        throw new InvalidArchiveError(`varint ${value} exceeds the safe integer range`);
      }
      return value;
    }
    scale *= 0x80;
  }
  throw new InvalidArchiveError('varint longer than 8 bytes exceeds the safe integer range');
}
