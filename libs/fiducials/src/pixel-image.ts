// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { min, max, floor } = Math;

/** A decoded image as the normalize endpoint hands it over: interleaved 8-bit channels. */
export interface PixelImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/** Single-channel 8-bit luminance image, row-major. */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export class PixelImageError extends Error {
  readonly code = 'invalid-scorecard-request';
}

/**
 * The luminance of an image for reading only: a one-channel image is returned as it is (no
 * copy of its 12 MB), any other is converted as toGrey() does.
 */
export function greyView(image: PixelImage): GreyImage {
  if (image.channels !== 1) return toGrey(image);
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new PixelImageError(`image dimensions must be positive integers, got ${width}x${height}`);
  }
  if (data.length < width * height) throw new PixelImageError(`image buffer holds ${data.length} bytes, expected ${width * height}`);
  const view = data instanceof Uint8Array && data.length === width * height ? data : new Uint8Array(data.buffer, data.byteOffset, width * height);
  return { data: view, width, height };
}

export function toGrey(image: PixelImage): GreyImage {
  const { width, height, channels, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new PixelImageError(`image dimensions must be positive integers, got ${width}x${height}`);
  }
  if (data.length < width * height * channels) {
    throw new PixelImageError(`image buffer holds ${data.length} bytes, expected ${width * height * channels}`);
  }
  const grey = new Uint8Array(width * height);
  if (channels === 1) {
    grey.set(data.subarray(0, width * height));
    return { data: grey, width, height };
  }
  // Integer BT.601 luma, the same weights OpenCV uses for RGB(A) to grey.
  for (let i = 0, j = 0; i < grey.length; i++, j += channels) {
    grey[i] = (data[j] * 4899 + data[j + 1] * 9617 + data[j + 2] * 1868 + 8192) >> 14;
  }
  return { data: grey, width, height };
}

/** Bilinear sample; outside the image the nearest edge pixel is used. */
export function sampleBilinear(image: GreyImage, x: number, y: number): number {
  const { width, height, data } = image;
  const cx = min(max(x, 0), width - 1);
  const cy = min(max(y, 0), height - 1);
  const x0 = min(floor(cx), width - 2 < 0 ? 0 : width - 2);
  const y0 = min(floor(cy), height - 2 < 0 ? 0 : height - 2);
  const fx = cx - x0;
  const fy = cy - y0;
  const x1 = min(x0 + 1, width - 1);
  const y1 = min(y0 + 1, height - 1);
  const top = data[y0 * width + x0] * (1 - fx) + data[y0 * width + x1] * fx;
  const bottom = data[y1 * width + x0] * (1 - fx) + data[y1 * width + x1] * fx;
  return top * (1 - fy) + bottom * fy;
}
