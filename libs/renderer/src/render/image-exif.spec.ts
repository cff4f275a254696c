import sharp from 'sharp';
import { encodeRgba } from './image-encoder';

/** EXIF ColorSpace (tag 0xA001 in the Exif IFD): 1 = sRGB, 0xFFFF = Uncalibrated; null when absent. */
function exifColorSpace(exif: Buffer): number | null {
  // JPEG and WebP give the APP1 payload ('Exif\0\0' then TIFF), PNG's eXIf chunk is the TIFF alone
  const header = exif.indexOf('Exif\0\0');
  const tiff = header >= 0 ? exif.subarray(header + 6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const entries = (ifd: number) => Array.from({ length: u16(ifd) }, (_, i) => ifd + 2 + i * 12).map((o) => ({ tag: u16(o), value: o + 8 }));
  const exifIfd = entries(u32(4)).find((e) => e.tag === 0x8769);
  if (!exifIfd) return null;
  const colorSpace = entries(u32(exifIfd.value)).find((e) => e.tag === 0xa001);
  return colorSpace ? u16(colorSpace.value) : null;
}

describe('graphics EXIF colour space (issue 56)', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('%s: EXIF ColorSpace says sRGB, like the embedded ICC profile', async (format) => {
    const rgba = Buffer.alloc(16 * 16 * 4, 255);
    const { bytes } = await encodeRgba(rgba, 16, 16, { format, dpi: 300, opaque: true });
    const metadata = await sharp(bytes).metadata();
    expect(metadata.icc).toBeDefined();
    // the profile's description (a UTF-16 'mluc' text) names sRGB
    expect(Buffer.from(metadata.icc!).toString('latin1').replace(/\0/g, '')).toMatch(/sRGB/);
    expect(metadata.exif).toBeDefined();
    expect(exifColorSpace(metadata.exif!)).toBe(1);
  });
});
