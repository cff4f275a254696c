import sharp from 'sharp';
import type { PixelImage } from '@caddie/fiducials';
import { ScorecardError } from './scorecard-errors';

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

/** Decoded-pixel ceiling of the spec's URL ingestion limit, applied to every submitted photo. */
export const MAX_DECODED_PIXELS = 40_000_000;

export interface PhotoProbe {
  type: PhotoType;
  /** Dimensions after EXIF orientation. */
  width: number;
  height: number;
}

/** The container by its magic bytes; the declared content type and file name are not trusted. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | undefined {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return undefined;
}

/**
 * Cheap header check before any queueing: type by magic bytes (415), readable header (400),
 * decoded size within the pixel ceiling (413). Truncation is found by the full decode.
 */
export async function probePhoto(bytes: Buffer, maxPixels = MAX_DECODED_PIXELS): Promise<PhotoProbe> {
  const type = sniffPhotoType(bytes);
  if (!type) throw new ScorecardError('unsupported-image-type', 'The image is not a JPEG, PNG or WebP file.');
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ScorecardError('image-decode-failed', `The ${type} image header cannot be read.`);
  }
  if (!metadata.width || !metadata.height) throw new ScorecardError('image-decode-failed', 'The image has no dimensions.');
  if (metadata.width * metadata.height > maxPixels) {
    throw new ScorecardError('image-too-large', `The image decodes to ${metadata.width}x${metadata.height} pixels, above the ${maxPixels} pixel limit.`);
  }
  // EXIF orientations 5..8 swap the axes.
  const swapped = (metadata.orientation ?? 1) >= 5;
  return { type, width: swapped ? metadata.height : metadata.width, height: swapped ? metadata.width : metadata.height };
}

/**
 * Full decode to one luminance channel, upright per EXIF orientation. Transparent areas
 * become paper white. A truncated or corrupt file fails instead of decoding grey padding.
 */
export async function decodePhoto(bytes: Buffer, maxPixels = MAX_DECODED_PIXELS): Promise<PixelImage> {
  const probe = await probePhoto(bytes, maxPixels);
  try {
    const { data, info } = await sharp(bytes, { failOn: 'truncated', limitInputPixels: maxPixels })
      .rotate()
      .flatten({ background: '#ffffff' })
      .greyscale()
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, channels: 1 };
  } catch (error) {
    throw new ScorecardError('image-decode-failed', `The ${probe.type} image is not complete or cannot be decoded.`, { reason: (error as Error).message });
  }
}
