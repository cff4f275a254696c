/**
 * Encoding with sharp from the canvas's premultiplied RGBA: WebP (lossy at quality, alpha kept
 * when the image has any), PNG, JPEG (composited over white). Deterministic: no metadata, no
 * timestamps.
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
}

export const DEFAULT_QUALITY = 90;

/** Encodes premultiplied RGBA bytes. */
export async function encodeRgba(rgba: Buffer, width: number, height: number, settings: EncodeSettings): Promise<{ bytes: Buffer; contentType: GraphicContentType }> {
  let image = sharp(rgba, { raw: { width, height, channels: 4, premultiplied: true } });
  const quality = settings.quality ?? DEFAULT_QUALITY;
  if (settings.format === 'jpeg') image = image.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: false, chromaSubsampling: '4:2:0' });
  else {
    if (settings.opaque) image = image.removeAlpha();
    image = settings.format === 'png' ? image.png({ compressionLevel: 6, adaptiveFiltering: false }) : image.webp({ quality, alphaQuality: 100, effort: 4 });
  }
  const bytes = await image.toBuffer();
  return { bytes, contentType: IMAGE_CONTENT_TYPES[settings.format] as GraphicContentType };
}

export function canvasRgba(canvas: Canvas): Buffer {
  return canvas.data();
}

export function encodeCanvas(canvas: Canvas, settings: EncodeSettings) {
  return encodeRgba(canvasRgba(canvas), canvas.width, canvas.height, settings);
}
