/**
 * Cover detection evaluation: each generated photo is made twice, without and with a thumb, pen
 * or phone over the page (the occluder draws from its own random fork, so the scenes are
 * otherwise the same). A field counts as covered when the occluder or its shadow changed at least
 * COVERED_SHARE of the photo pixels under its box (located by the clean photo's registration).
 * processPhoto then runs on both photos; the figures are how many covered fields it flags
 * `obscured` (recall), how many fields the occluder left untouched it flags anyway, and how many
 * fields of the clean photos it flags (false covers). Pages too coarse to be read are left out,
 * as processPhoto leaves them unread.
 *   npm run eval:covers -- --count 100 --seed 1 [--width 2000 --height 1500]
 */
import { generateDemoCourses } from '@caddie/catalog';
import { applyHomography, type Box, type Homography, type PixelImage } from '@caddie/fiducials';
import { discoverPages, fieldPlan, processPhoto, type FieldDecision } from '@caddie/scorecards';
import { synthesizeScene, type OcclusionMode } from '@caddie/synthesis';
import { evaluationScene, truthReader } from './eval-process';
import { argument } from './tool-arguments';

/** Share of a field's box the cover must have changed for the field to count as covered. */
export const COVERED_SHARE = 0.1;
/** A photo pixel the cover changed: some channel differs by more than this many levels. */
const CHANGED_LEVELS = 25;
/** Sample grid per field box (side). */
const SAMPLES = 10;

export interface CoverTally {
  photos: number;
  /** Pages read in both photos. */
  pages: number;
  coveredFields: number;
  coveredFlagged: number;
  /** Fields under which the cover changed nothing. */
  untouchedFields: number;
  untouchedFlagged: number;
  /** Fields of the photos without a cover. */
  cleanFields: number;
  cleanFlagged: number;
}

/**
 * The share of a canonical box's area (sampled on a SAMPLES x SAMPLES grid mapped to the photo)
 * where `covered` differs from `clean`. Both photos have the same size and channels.
 */
export function changedShare(
  clean: PixelImage,
  covered: PixelImage,
  canonicalToSource: Homography,
  canonical: { width: number; height: number },
  box: Box,
): number {
  const { width, height, channels } = clean;
  let changed = 0;
  for (let a = 0; a < SAMPLES; a++) {
    for (let b = 0; b < SAMPLES; b++) {
      const p = applyHomography(canonicalToSource, {
        x: (box.x1 + ((box.x2 - box.x1) * (a + 0.5)) / SAMPLES) * canonical.width,
        y: (box.y1 + ((box.y2 - box.y1) * (b + 0.5)) / SAMPLES) * canonical.height,
      });
      const x = Math.round(p.x);
      const y = Math.round(p.y);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const at = (y * width + x) * channels;
      let difference = 0;
      for (let c = 0; c < Math.min(3, channels); c++) difference = Math.max(difference, Math.abs(clean.data[at + c] - covered.data[at + c]));
      if (difference > CHANGED_LEVELS) changed++;
    }
  }
  return changed / (SAMPLES * SAMPLES);
}

const obscured = (fields: readonly FieldDecision[]) => new Set(fields.filter((f) => f.reasonCodes.includes('obscured')).map((f) => `${f.row}.${f.field}`));

export async function evaluateCovers(
  options: { count: number; firstSeed: number; width: number; height: number },
  progress?: (done: number) => void,
): Promise<CoverTally> {
  const tally: CoverTally = {
    photos: 0,
    pages: 0,
    coveredFields: 0,
    coveredFlagged: 0,
    untouchedFields: 0,
    untouchedFlagged: 0,
    cleanFields: 0,
    cleanFlagged: 0,
  };
  const courses = generateDemoCourses();
  for (let i = 0; i < options.count; i++) {
    const scene = (occlusion: OcclusionMode) => synthesizeScene(options.firstSeed + i, evaluationScene(courses[i % courses.length], { ...options, occlusion }));
    const clean = await scene('none');
    const covered = await scene('page');
    tally.photos++;
    progress?.(i + 1);
    const truth = clean.truth.pages[0]?.handwriting ?? [];
    const read = async (image: PixelImage) => {
      try {
        const page = (await processPhoto(image, truthReader(truth), { requestId: `covers-${options.firstSeed + i}` })).body.pages[0];
        return page?.status === 'NORMALIZED_ONLY' ? undefined : page?.processing.fields;
      } catch {
        return undefined; // a photo the pipeline cannot normalize has no fields to flag
      }
    };
    const [cleanFields, coveredFields] = [await read(clean.image), await read(covered.image)];
    if (!cleanFields || !coveredFields) continue;
    // The clean photo was read, so its page is found again: where its fields lie in the photo.
    const geometry = (await discoverPages(clean.image)).pages[0];
    const plan = fieldPlan(geometry.registration.capture);
    if (!plan) continue;
    tally.pages++;
    const flaggedClean = obscured(cleanFields);
    const flaggedCovered = obscured(coveredFields);
    for (const field of plan.fields) {
      const share = changedShare(clean.image, covered.image, geometry.registration.canonicalToSource, geometry.canonical, field.box);
      tally.cleanFields++;
      if (flaggedClean.has(field.id)) tally.cleanFlagged++;
      if (share >= COVERED_SHARE) {
        tally.coveredFields++;
        if (flaggedCovered.has(field.id)) tally.coveredFlagged++;
      } else if (share === 0) {
        tally.untouchedFields++;
        if (flaggedCovered.has(field.id)) tally.untouchedFlagged++;
      }
    }
  }
  return tally;
}

export function coverReport(t: CoverTally, label: string): string {
  const share = (n: number, of: number) => `${n} of ${of}${of > 0 ? ` (${((100 * n) / of).toFixed(1)}%)` : ''}`;
  return [
    `cover detection on ${t.photos} photos (${label}), ${t.pages} pages read with and without a cover`,
    `  covered fields flagged obscured: ${share(t.coveredFlagged, t.coveredFields)}`,
    `  fields the cover left untouched, flagged: ${share(t.untouchedFlagged, t.untouchedFields)}`,
    `  fields of the photos without a cover, flagged: ${share(t.cleanFlagged, t.cleanFields)}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const options = { count: argument('count', 100), firstSeed: argument('seed', 1), width: argument('width', 2000), height: argument('height', 1500) };
  const started = Date.now();
  const tally = await evaluateCovers(options, (done) => {
    if (done % 25 === 0) console.error(`${done}/${options.count} photos, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });
  console.log(coverReport(tally, `seeds ${options.firstSeed}..${options.firstSeed + options.count - 1}, ${options.width}x${options.height}`));
  console.log(JSON.stringify(tally));
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(2);
  });
}
