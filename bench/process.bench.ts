/**
 * Processing of one 12 MP (4000x3000) photo of a filled front-nine card: processPhoto (page
 * discovery and normalization, cell crops and contrast, the local digit reader, decisions and
 * cross-checks) against page discovery and normalization alone on the same decoded photo. The
 * difference is what reading adds. The same reading with the networks run by the TypeScript
 * forward pass instead of ONNX Runtime is measured alongside, for reference.
 *   npm run bench:process
 */
import { generateDemoCourses } from '@caddie/catalog';
import { LocalDigitReader } from '@caddie/handwriting';
import { discoverPages, processPhoto } from '@caddie/scorecards';
import { synthesizeScene } from '@caddie/synthesis';
import { median, timeMs } from './support/timing';

const ROUNDS = 5;
const WARM_UP = 1;

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
    handwritingItems: 'calibration',
    maxTiltDegrees: 25,
  });
  const reader = new LocalDigitReader();
  const typescript = new LocalDigitReader({ runtime: 'typescript' });
  await Promise.all([reader.ready(), typescript.ready()]);
  if (reader.runtime !== 'onnxruntime') throw new Error(`the reader runs ${reader.runtime}, not onnxruntime`);
  const normalizeOnly = () => discoverPages(scene.image);
  const processAll = () => processPhoto(scene.image, reader, { requestId: 'bench' });
  const processTypescript = () => processPhoto(scene.image, typescript, { requestId: 'bench' });
  const { body } = await processAll();
  if (body.pages.length !== 1) throw new Error(`expected one page, got ${body.pages.length}`);
  for (let i = 0; i < WARM_UP; i++) {
    await normalizeOnly();
    await processAll();
    await processTypescript();
  }
  const normalized: number[] = [];
  const processed: number[] = [];
  const processedTypescript: number[] = [];
  // Interleaved so drift on a shared machine hits every side alike.
  for (let i = 0; i < ROUNDS; i++) {
    normalized.push(await timeMs(normalizeOnly));
    processed.push(await timeMs(processAll));
    processedTypescript.push(await timeMs(processTypescript));
  }
  const normalizeMs = median(normalized);
  const processMs = median(processed);
  const typescriptMs = median(processedTypescript);
  const runs = (values: number[]) => `median ${median(values).toFixed(0)} ms over ${ROUNDS} runs [${values.map((v) => v.toFixed(0)).join(', ')}]`;
  const cells = body.summary.acceptedCells + body.summary.reviewCells;
  console.log(`photo: 4000x3000 (12 MP), one front-nine page, ${cells} cells read (${body.summary.reviewCells} to review)`);
  console.log(`normalization alone (discover + register + warp): ${runs(normalized)}`);
  console.log(`processPhoto (normalization + reading + decisions, networks on ONNX Runtime): ${runs(processed)}`);
  console.log(`processPhoto with the TypeScript forward pass instead (reference): ${runs(processedTypescript)}`);
  console.log(
    `reading (TypeScript forward pass) adds ${(typescriptMs - normalizeMs).toFixed(0)} ms: ${((typescriptMs - normalizeMs) / normalizeMs).toFixed(2)} x the normalization`,
  );
  console.log(`reading adds ${(processMs - normalizeMs).toFixed(0)} ms: ${((processMs - normalizeMs) / normalizeMs).toFixed(2)} x the normalization`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
