import sharp from 'sharp';
import { decodePhoto, probePhoto, sniffPhotoType } from './photo-decoder';

async function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  // Left half black, right half white: orientation is visible in the decoded pixels.
  const raw = Buffer.alloc(width * height * 3, 255);
  for (let y = 0; y < height; y++) raw.fill(0, y * width * 3, (y * width + Math.floor(width / 2)) * 3);
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg().toBuffer();
}

describe('photo decoding', () => {
  it('recognizes JPEG, PNG and WebP by magic bytes only', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    expect([sniffPhotoType(await jpeg(4, 4)), sniffPhotoType(png), sniffPhotoType(webp)]).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(sniffPhotoType(Buffer.from('GIF89a......'))).toBeUndefined();
    await expect(probePhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toMatchObject({ code: 'unsupported-image-type', status: 415 });
  });

  it('honours EXIF orientation and decodes to one luminance channel', async () => {
    // Orientation 6: the stored image is shown rotated 90 degrees clockwise.
    const bytes = await jpeg(40, 20, 6);
    expect(await probePhoto(bytes)).toEqual({ type: 'image/jpeg', width: 20, height: 40 });
    const image = await decodePhoto(bytes);
    expect([image.width, image.height, image.channels]).toEqual([20, 40, 1]);
    // The black left half is now the top half.
    expect(image.data[2 * 20 + 10]).toBeLessThan(40);
    expect(image.data[37 * 20 + 10]).toBeGreaterThan(215);
  });

  it('fails truncated and corrupt files and oversized dimensions explicitly', async () => {
    const bytes = await jpeg(400, 300);
    await expect(decodePhoto(bytes.subarray(0, Math.floor(bytes.length * 0.6)))).rejects.toMatchObject({ code: 'image-decode-failed', status: 400 });
    await expect(probePhoto(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 7)]))).rejects.toMatchObject({ code: 'image-decode-failed' });
    await expect(probePhoto(bytes, 400 * 300 - 1)).rejects.toMatchObject({ code: 'image-too-large', status: 413 });
  });
});
