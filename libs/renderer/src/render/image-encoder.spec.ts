import sharp from 'sharp';
import { encodeRgba, withJfifDensity } from './image-encoder';

const INCH_METRES = 0.0254;

/** A gradient with some variety, so lossy encoders have real work. */
function sampleRgba(width: number, height: number): Buffer {
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      rgba[i] = (x * 255) / width;
      rgba[i + 1] = (y * 255) / height;
      rgba[i + 2] = ((x + y) * 97) % 256;
      rgba[i + 3] = 255;
    }
  }
  return rgba;
}

/** PNG chunks by type, read from the bytes (not through sharp). */
function pngChunks(png: Buffer): Map<string, Buffer> {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks = new Map<string, Buffer>();
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    chunks.set(png.toString('latin1', at + 4, at + 8), png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return chunks;
}

/** dpi from a pHYs chunk: pixels per metre, unit 1 = metre. */
function pngDpi(png: Buffer): { x: number; y: number } {
  const phys = pngChunks(png).get('pHYs');
  if (!phys) throw new Error('no pHYs chunk');
  expect(phys.readUInt8(8)).toBe(1);
  return { x: Math.round(phys.readUInt32BE(0) * INCH_METRES), y: Math.round(phys.readUInt32BE(4) * INCH_METRES) };
}

/** The JFIF APP0 density, read from the bytes. */
function jfifDensity(jpeg: Buffer): { units: number; x: number; y: number } {
  expect(jpeg.readUInt16BE(0)).toBe(0xffd8);
  expect(jpeg.readUInt16BE(2)).toBe(0xffe0);
  expect(jpeg.toString('latin1', 6, 11)).toBe('JFIF\0');
  return { units: jpeg.readUInt8(13), x: jpeg.readUInt16BE(14), y: jpeg.readUInt16BE(16) };
}

/** XResolution, YResolution and ResolutionUnit from the first IFD of an EXIF (TIFF) block. */
function exifResolution(exif: Buffer): { x: number; y: number; unit: number } {
  const tiff = exif.toString('latin1', 0, 4) === 'Exif' ? exif.subarray(6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  const values = new Map<number, number>();
  for (let i = 0; i < u16(ifd); i++) {
    const entry = ifd + 2 + i * 12;
    const tag = u16(entry);
    const type = u16(entry + 2);
    if (type === 5) values.set(tag, u32(u32(entry + 8)) / u32(u32(entry + 8) + 4));
    else if (type === 3) values.set(tag, u16(entry + 8));
  }
  return { x: values.get(0x011a) ?? NaN, y: values.get(0x011b) ?? NaN, unit: values.get(0x0128) ?? NaN };
}

/** The ICC profile's colour space and its description (mluc, UTF-16BE, or desc ASCII). */
function iccFacts(icc: Buffer): { colourSpace: string; description: string } {
  const tags = icc.readUInt32BE(128);
  let description = '';
  for (let i = 0; i < tags; i++) {
    const entry = 132 + i * 12;
    if (icc.toString('latin1', entry, entry + 4) !== 'desc') continue;
    const offset = icc.readUInt32BE(entry + 4);
    const type = icc.toString('latin1', offset, offset + 4);
    if (type === 'mluc') {
      const length = icc.readUInt32BE(offset + 20);
      const start = offset + icc.readUInt32BE(offset + 24);
      description = icc
        .subarray(start, start + length)
        .swap16()
        .toString('utf16le');
    } else {
      description = icc.toString('latin1', offset + 12, offset + 12 + icc.readUInt32BE(offset + 8) - 1);
    }
  }
  return { colourSpace: icc.toString('latin1', 16, 20), description };
}

describe('image encoder: print-ready files', () => {
  const width = 400;
  const height = 320;
  const rgba = sampleRgba(width, height);

  it.each([300, 600])('PNG carries a pHYs chunk of %i dpi and an sRGB ICC profile (iCCP), pixels untouched', async (dpi) => {
    const { bytes, contentType } = await encodeRgba(rgba, width, height, { format: 'png', opaque: true, dpi });
    expect(contentType).toBe('image/png');
    expect(pngDpi(bytes)).toEqual({ x: dpi, y: dpi });
    expect(pngChunks(bytes).has('iCCP')).toBe(true);
    const meta = await sharp(bytes).metadata();
    expect(iccFacts(meta.icc as Buffer)).toEqual({ colourSpace: 'RGB ', description: 'sRGB' });
    // lossless: the painted pixels come back exactly
    const decoded = await sharp(bytes).ensureAlpha().raw().toBuffer();
    expect(decoded.equals(rgba)).toBe(true);
  });

  it.each([300, 150])('JPEG carries JFIF and EXIF densities of %i dpi and an sRGB ICC profile', async (dpi) => {
    const { bytes, contentType } = await encodeRgba(rgba, width, height, { format: 'jpeg', quality: 90, opaque: true, dpi });
    expect(contentType).toBe('image/jpeg');
    expect(jfifDensity(bytes)).toEqual({ units: 1, x: dpi, y: dpi });
    const meta = await sharp(bytes).metadata();
    expect(meta.density).toBe(dpi);
    expect(exifResolution(meta.exif as Buffer)).toEqual({ x: dpi, y: dpi, unit: 2 });
    expect(iccFacts(meta.icc as Buffer)).toEqual({ colourSpace: 'RGB ', description: 'sRGB' });
    expect([meta.width, meta.height]).toEqual([width, height]);
  });

  it.each([300, 1200])('WebP carries an EXIF resolution of %i dpi and an sRGB ICC profile', async (dpi) => {
    const { bytes, contentType } = await encodeRgba(rgba, width, height, { format: 'webp', quality: 90, opaque: false, dpi });
    expect(contentType).toBe('image/webp');
    const meta = await sharp(bytes).metadata();
    expect(exifResolution(meta.exif as Buffer)).toEqual({ x: dpi, y: dpi, unit: 2 });
    expect(iccFacts(meta.icc as Buffer)).toEqual({ colourSpace: 'RGB ', description: 'sRGB' });
    expect([meta.width, meta.height]).toEqual([width, height]);
  });

  it('is deterministic: the same pixels and settings give the same bytes', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const a = await encodeRgba(rgba, width, height, { format, opaque: true, dpi: 300 });
      const b = await encodeRgba(rgba, width, height, { format, opaque: true, dpi: 300 });
      expect(a.bytes.equals(b.bytes)).toBe(true);
    }
  });

  it('adds the JFIF header once and refuses what is not a JPEG', () => {
    const bare = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    const once = withJfifDensity(bare, 300);
    expect(jfifDensity(once)).toEqual({ units: 1, x: 300, y: 300 });
    expect(withJfifDensity(once, 600).equals(once)).toBe(true);
    expect(() => withJfifDensity(Buffer.from('GIF89a'), 300)).toThrow('not a JPEG');
  });
});
