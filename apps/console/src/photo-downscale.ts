/** The upload limit of the scorecard routes (`image-too-large` above it), with room for the multipart framing. */
export const UPLOAD_LIMIT_BYTES = 4_000_000;
const TARGET_BYTES = 3_900_000;
/** A 12 MP phone photo's long side: the reader is validated up to that size, so nothing it needs is lost. */
const LONG_SIDE = 4032;

export interface UploadPhoto {
  blob: Blob;
  /** what the browser did to the photo, for the page to say (null when sent as taken) */
  note: string | null;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

function encode(bitmap: ImageBitmap, scale: number, quality: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('this browser could not encode the photo'))), 'image/jpeg', quality),
  );
}

/**
 * A photo the upload accepts: sent as taken when it is small enough, else downscaled in the
 * browser (EXIF orientation applied) to at most a 12 MP phone photo's long side and re-encoded
 * as JPEG until it fits, rather than refused by the server after a long upload.
 */
export async function photoForUpload(file: File): Promise<UploadPhoto> {
  if (file.size <= UPLOAD_LIMIT_BYTES) return { blob: file, note: null };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // not decodable here: the server says what is wrong with it
    return { blob: file, note: null };
  }
  try {
    let scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    let blob = await encode(bitmap, scale, 0.9);
    for (let attempt = 0; blob.size > TARGET_BYTES && attempt < 6; attempt++) {
      scale *= 0.85;
      blob = await encode(bitmap, scale, 0.88);
    }
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    return {
      blob,
      note: `The ${megabytes(file.size)} photo was downscaled in this browser to ${width}×${height} (${megabytes(blob.size)}) before upload; the limit is ${megabytes(UPLOAD_LIMIT_BYTES)}.`,
    };
  } finally {
    bitmap.close();
  }
}
