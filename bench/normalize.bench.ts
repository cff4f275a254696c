/**
 * Normalization of one 12 MP (4000x3000) JPEG photo: the full path (decodePhoto, detect markers,
 * group and register pages, warp the canonical page, encode its PNG) against the work sharp
 * alone needs for the same input and output (decode the photo, encode the output PNG).
 *   npm run build && node dist/bench/normalize.bench.js
 */
import sharp from 'sharp';
import { generateDemoCourses } from '@caddie/catalog';
import { detectMarkers, groupPages, warpToCanonical, type PixelImage } from '@caddie/fiducials';
import { decodePhoto, encodeCanonicalPng } from '@caddie/scorecards';
import { synthesizeScene } from '@caddie/synthesis';
import { median, timeMs } from './support/timing';

const ROUNDS = 7;
const WARM_UP = 2;

async function decode(jpeg: Buffer): Promise<PixelImage> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, channels: info.channels as 3 };
}

async function encodeGreyPng(image: { data: Uint8Array; width: number; height: number }): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .png()
    .toBuffer();
}

/**
 * The steps of the scorecard worker, discoverPages() and normalizePhoto() that make the normalized
 * PNG: the production decoder (luminance, upright), detection on a reduced copy, warp of the page,
 * the production PNG encoder.
 */
async function normalize(jpeg: Buffer): Promise<Buffer[]> {
  const photo = await decodePhoto(jpeg);
  const grouping = groupPages(await detectMarkers(photo));
  const pngs: Buffer[] = [];
  for (const page of grouping.pages) {
    const { width, height } = page.capture.canonicalPixels;
    pngs.push((await encodeCanonicalPng(await warpToCanonical(photo, page.sourceToCanonical, { canonicalWidth: width, canonicalHeight: height }))).bytes);
  }
  return pngs;
}

async function main(): Promise<void> {
  const [course] = generateDemoCourses();
  const scene = await synthesizeScene(2026, {
    course,
    width: 4000,
    height: 3000,
    pageCount: 1,
    captureIds: ['M9H1/front-nine-page'],
    occlusion: 'none',
    handwriting: true,
    maxTiltDegrees: 25,
    jpegQuality: 90,
  });
  const jpeg = scene.jpeg as Buffer;
  const output = await normalize(jpeg);
  if (output.length !== 1) throw new Error(`expected one normalized page, got ${output.length}`);
  const canonical = await sharp(output[0]).raw().toBuffer({ resolveWithObject: true });
  const page = { data: new Uint8Array(canonical.data), width: canonical.info.width, height: canonical.info.height };
  const baseline = async () => {
    await decode(jpeg);
    await encodeGreyPng(page);
  };

  for (let i = 0; i < WARM_UP; i++) {
    await normalize(jpeg);
    await baseline();
  }
  const full: number[] = [];
  const sharpOnly: number[] = [];
  const sameEncoder: number[] = [];
  // Interleaved so drift on a shared machine hits both sides alike.
  for (let i = 0; i < ROUNDS; i++) {
    full.push(await timeMs(() => normalize(jpeg)));
    sharpOnly.push(await timeMs(baseline));
    sameEncoder.push(
      await timeMs(async () => {
        await decode(jpeg);
        await encodeCanonicalPng(page);
      }),
    );
  }
  const fullMs = median(full);
  const baseMs = median(sharpOnly);
  console.log(
    `photo: 4000x3000 JPEG, ${(jpeg.length / 1e6).toFixed(2)} MB; normalized page ${page.width}x${page.height} PNG, ${(output[0].length / 1e6).toFixed(2)} MB`,
  );
  console.log(
    `full normalization (decode + detect + group + register + warp + PNG): median ${fullMs.toFixed(0)} ms over ${ROUNDS} runs [${full.map((v) => v.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `sharp only (decode + PNG encode):                                   median ${baseMs.toFixed(0)} ms over ${ROUNDS} runs [${sharpOnly.map((v) => v.toFixed(0)).join(', ')}]`,
  );
  console.log(`ratio full / sharp-only: ${(fullMs / baseMs).toFixed(2)}`);
  console.log(`(against decode + the production PNG encoder, compression level 3: ${(fullMs / median(sameEncoder)).toFixed(2)})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
