import { crc32 } from 'node:zlib';

const PNG_SIGNATURE_BYTES = 8;
const IHDR_CHUNK_BYTES = 25;
const INCHES_PER_METRE = 39.3701;

/**
 * Records the print resolution in a PNG (a pHYs chunk after IHDR), so a 300 dpi card prints
 * at its physical size instead of the viewer's default 72 or 96 dpi.
 */
export function withPrintDensity(png: Buffer, dotsPerInch: number): Buffer {
  if (png.length < PNG_SIGNATURE_BYTES + IHDR_CHUNK_BYTES || png.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG with a leading IHDR chunk');
  }
  const perMetre = Math.round(dotsPerInch * INCHES_PER_METRE);
  const body = Buffer.alloc(13);
  body.write('pHYs', 0, 'latin1');
  body.writeUInt32BE(perMetre, 4);
  body.writeUInt32BE(perMetre, 8);
  body.writeUInt8(1, 12); // unit: metre
  const chunk = Buffer.alloc(4 + body.length + 4);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body) >>> 0, 4 + body.length);
  const split = PNG_SIGNATURE_BYTES + IHDR_CHUNK_BYTES;
  return Buffer.concat([png.subarray(0, split), chunk, png.subarray(split)]);
}
