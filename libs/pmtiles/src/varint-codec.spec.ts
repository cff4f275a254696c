import * as reference from 'pmtiles';
import { InvalidArchiveError } from './pmtiles-errors';
import { VarintWriter, readVarint } from './varint-codec';

function encode(...values: number[]): number[] {
  const writer = new VarintWriter(4);
  for (const value of values) writer.write(value);
  return [...writer.toBytes()];
}

describe('varint codec', () => {
  it('writes little-endian base-128 groups with a continuation bit', () => {
    expect(encode(0)).toEqual([0]);
    expect(encode(127)).toEqual([127]);
    expect(encode(128)).toEqual([0x80, 0x01]);
    expect(encode(300)).toEqual([0xac, 0x02]);
  });

  it('round-trips values beyond 32 bits up to the safe integer limit, growing its buffer', () => {
    const values = [2 ** 32, 2 ** 35 + 17, 5_864_062_014_805, Number.MAX_SAFE_INTEGER, 1, 0];
    const bytes = new Uint8Array(encode(...values));
    const cursor = { bytes, position: 0 };
    expect(values.map(() => readVarint(cursor))).toEqual(values);
    expect(cursor.position).toBe(bytes.length);
    const referenceCursor = { buf: bytes, pos: 0 };
    expect(values.map(() => reference.readVarint(referenceCursor))).toEqual(values);
  });

  it('refuses negative and fractional values', () => {
    expect(() => encode(-1)).toThrow(RangeError);
    expect(() => encode(1.5)).toThrow(RangeError);
  });

  it('reports a varint cut off by the end of the bytes', () => {
    expect(() => readVarint({ bytes: new Uint8Array([0x80, 0x80]), position: 0 })).toThrow(InvalidArchiveError);
  });

  it('reports a varint too long for a safe integer', () => {
    const bytes = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
    expect(() => readVarint({ bytes, position: 0 })).toThrow(InvalidArchiveError);
  });
});
