/**
 * Encoding with sharp from the canvas's premultiplied RGBA: WebP (lossy at quality, alpha kept
 * when the image has any), PNG, JPEG (composited over white). Print-ready: every format carries
 * its resolution (PNG pHYs, JPEG JFIF and EXIF, WebP EXIF) and an embedded sRGB ICC profile, so
 * a layout program places it at its real size and colours. Deterministic: no timestamps.
 */
import type { Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { GRAPHIC_DIMENSION_RANGE, GRAPHIC_MAX_AREA_PIXELS, IMAGE_CONTENT_TYPES, type ImageFormat } from '@caddie/styles';

export type GraphicContentType = 'image/webp' | 'image/png' | 'image/jpeg';

export class OutputSizeError extends Error {
  readonly code = 'output-size-invalid';
  constructor(message: string) {
    super(message);
    this.name = 'OutputSizeError';
  }
}

export function checkOutputSize(width: number, height: number): void {
  const { min, max } = GRAPHIC_DIMENSION_RANGE;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < min || height < min || width > max || height > max) {
    throw new OutputSizeError(`output ${width}x${height} must be whole pixels ${min}..${max} per side`);
  }
  if (width * height > GRAPHIC_MAX_AREA_PIXELS) throw new OutputSizeError(`output ${width}x${height} exceeds ${GRAPHIC_MAX_AREA_PIXELS / 1e6} megapixels`);
}

export interface EncodeSettings {
  format: ImageFormat;
  quality?: number;
  /** the image is fully opaque (painted paper): drop the alpha channel */
  opaque: boolean;
  /** print resolution written into the file */
  dpi: number;
}

export const DEFAULT_QUALITY = 90;

/** Encodes premultiplied RGBA bytes. */
export async function encodeRgba(
  rgba: Buffer,
  width: number,
  height: number,
  settings: EncodeSettings,
): Promise<{ bytes: Buffer; contentType: GraphicContentType }> {
  // The canvas paints sRGB values; the profile says so. withDensity writes the EXIF resolution
  // (and PNG pHYs); JPEG also gets a JFIF header below.
  let image = sharp(rgba, { raw: { width, height, channels: 4, premultiplied: true } })
    .withIccProfile('srgb')
    .withDensity(settings.dpi)
    // libvips writes EXIF ColorSpace 0xFFFF (Uncalibrated); the embedded profile is sRGB, and EXIF says so too
    .withExifMerge({ IFD2: { ColorSpace: '1' } });
  const quality = settings.quality ?? DEFAULT_QUALITY;
  if (settings.format === 'jpeg') image = image.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: false, chromaSubsampling: '4:2:0' });
  else {
    if (settings.opaque) image = image.removeAlpha();
    image = settings.format === 'png' ? image.png({ compressionLevel: 6, adaptiveFiltering: false }) : image.webp({ quality, alphaQuality: 100, effort: 4 });
  }
  const encoded = await image.toBuffer();
  const bytes = settings.format === 'jpeg' ? withJfifDensity(encoded, settings.dpi) : encoded;
  return { bytes, contentType: IMAGE_CONTENT_TYPES[settings.format] as GraphicContentType };
}

/**
 * libvips writes no JFIF APP0 segment next to EXIF, and some layout and RIP software reads the
 * density only from JFIF: insert one (version 1.01, dots per inch) right after SOI.
 */
export function withJfifDensity(jpeg: Buffer, dpi: number): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG stream');
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) return jpeg;
  const app0 = Buffer.alloc(18);
  app0.writeUInt16BE(0xffe0, 0);
  app0.writeUInt16BE(16, 2);
  app0.write('JFIF\0', 4, 'latin1');
  app0.writeUInt16BE(0x0101, 9);
  app0.writeUInt8(1, 11);
  app0.writeUInt16BE(dpi, 12);
  app0.writeUInt16BE(dpi, 14);
  // 16, 17: no thumbnail
  return Buffer.concat([jpeg.subarray(0, 2), app0, jpeg.subarray(2)]);
}

export function canvasRgba(canvas: Canvas): Buffer {
  return canvas.data();
}

export function encodeCanvas(canvas: Canvas, settings: EncodeSettings) {
  return encodeRgba(canvasRgba(canvas), canvas.width, canvas.height, settings);
}
