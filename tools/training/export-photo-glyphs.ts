/**
 * Exports labelled glyphs from synthetic phone photos for the PyTorch trainer: each photo of a
 * filled card (handwriting from MNIST items 0..599 only) goes through the production page
 * pipeline (processPhoto: markers, registration, normalization, cell crops), and the crops of
 * written digit cells are segmented and normalized by the reader's own code and labelled from
 * the scene's truth (labelledWrittenGlyphs). So the network also trains on writing as the photo
 * path delivers it: resampled from 2 to 8 px per mm, blurred, compressed, unevenly lit.
 *   node dist/tools/training/export-photo-glyphs.js --out <file> [--photos 500] [--first <seed>]
 *     [--sizes 2000x1500[,1280x960...]] [--items training|calibration]
 *     [--conditions standard,fine-pen,dry-pen,light-pencil,folded]
 * Photo i (seed first + i) has the size at i modulo the number of sizes, and the conditions are
 * taken in turn as eval:process takes them (each through every size; default `standard`: the
 * usual pen, no folds): thin, broken and faint pens and folded cards, so the network also learns
 * the strokes those leave and a crease crossing a digit. `--items calibration`
 * writes MNIST items 600..749 instead, for a validation set only (never to train on).
 * Appends nothing: writes <file> in export-glyphs' format (per glyph a label byte, then 784 ink bytes).
 */
import { writeFileSync } from 'node:fs';
import { generateDemoCourses } from '@caddie/catalog';
import type { CellImage, HandwritingProvider } from '@caddie/handwriting';
import { processPhoto } from '@caddie/scorecards';
import { labelledWrittenGlyphs, synthesizeScene } from '@caddie/synthesis';
import { PRODUCTION_CAPTURES, conditionList, conditionScene } from '../eval-process';
import { argument, choice, photoSizes, textArgument } from '../tool-arguments';
import { PHOTO_TRAINING_SEEDS, PHOTO_VALIDATION_SEEDS } from './export-glyphs-seeds';
import { glyphRecord } from './glyph-file';

/** Hands every cell crop to `keep` and reads nothing (every cell blank). */
function capturingProvider(keep: (cells: readonly CellImage[]) => void): HandwritingProvider {
  return {
    name: 'crop-capture',
    acceptThreshold: 1,
    readsText: false,
    async readCells(cells) {
      keep(cells);
      return cells.map((cell) => ({ id: cell.id, blank: true, literal: null, confidence: 0, alternatives: [] }));
    },
  };
}

async function main(): Promise<void> {
  const out = textArgument('out');
  if (!out) throw new Error('--out <file> is required');
  const photos = argument('photos', 500);
  if (!Number.isInteger(photos) || photos < 0) throw new Error('--photos takes a whole number of photos');
  const items = choice('items', ['training', 'calibration'] as const, 'training');
  const first = argument('first', items === 'training' ? PHOTO_TRAINING_SEEDS : PHOTO_VALIDATION_SEEDS);
  const sizes = photoSizes(textArgument('sizes') ?? '2000x1500');
  const conditions = conditionList(textArgument('conditions') ?? 'standard');
  const courses = generateDemoCourses();
  const chunks: Buffer[] = [];
  const classes = new Array<number>(11).fill(0);
  let writtenCells = 0;
  let labelledCells = 0;
  const started = Date.now();
  for (let i = 0; i < photos; i++) {
    const seed = first + i;
    const scene = await synthesizeScene(seed, {
      course: courses[seed % courses.length],
      ...sizes[i % sizes.length],
      pageCount: 1,
      captureIds: PRODUCTION_CAPTURES,
      handwriting: true,
      handwritingItems: items,
      ...conditionScene(conditions[Math.floor(i / sizes.length) % conditions.length]),
    });
    let crops: readonly CellImage[] = [];
    try {
      await processPhoto(
        scene.image,
        capturingProvider((cells) => (crops = cells)),
        { requestId: `photo-glyphs-${seed}` },
      );
    } catch {
      continue; // a photo the pipeline cannot normalize has no crops to learn from
    }
    const written = new Map(scene.truth.pages[0].handwriting.filter((w) => w.content === 'digits').map((w) => [`${w.row}.${w.field}`, w.digits]));
    for (const cell of crops) {
      const digits = written.get(cell.id);
      if (cell.content !== 'digits' || !digits || digits.length === 0) continue;
      writtenCells++;
      const glyphs = labelledWrittenGlyphs(cell, digits);
      if (glyphs.length > 0) labelledCells++;
      for (const glyph of glyphs) {
        chunks.push(glyphRecord(glyph.label, glyph.image));
        classes[glyph.label]++;
      }
    }
    if ((i + 1) % 100 === 0) process.stdout.write(`${i + 1}/${photos} photos, ${chunks.length} glyphs [${((Date.now() - started) / 1000).toFixed(0)}s]\n`);
  }
  writeFileSync(out, Buffer.concat(chunks));
  process.stdout.write(
    `photo glyphs: ${chunks.length} from ${labelledCells} of ${writtenCells} written digit cells of ${photos} photos (seeds ${first}..${first + photos - 1}, sizes ${sizes.map((s) => `${s.width}x${s.height}`).join(',')}, conditions ${conditions.join(',')}, MNIST items ${items === 'training' ? '0..599' : '600..749'}), classes ${classes.join(',')}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
