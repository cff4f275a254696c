/**
 * Appends MNIST's own images to the glyph files of export-glyphs (tools/training/train_digits.py
 * reads both): the training range's images (items 0..599 of each class) `--copies` times to
 * <prefix>.train.bin, and the calibration range's images (items 600..749) once to
 * <prefix>.mnist-validation.bin, which the trainer reports beside its glyph validation.
 *   node dist/tools/training/export-mnist-glyphs.js --out <file prefix> [--copies 2]
 *
 * The reader's glyph normalization puts a digit in nearly MNIST's own frame (a 22 px box where
 * MNIST's is 20, both centred by mass in 28x28: well inside the trainer's +-15% scale
 * augmentation), so the plain images are in the network's domain; they are the cleanest
 * drawings of each digit there are, where the exported cell glyphs carry segmentation's cuts and
 * the photos' blur. Label errata are left out (mnistItems). Items 750+ are never read.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { mnistGlyph, mnistItems, type MnistItemRange } from '@caddie/handwriting-training';
import { argument, textArgument } from '../tool-arguments';
import { GLYPH_BYTES, glyphRecord } from './glyph-file';

/** Every image of a range as glyph records, classes in turn. */
export function rangeRecords(range: MnistItemRange): Buffer[] {
  const records: Buffer[] = [];
  for (let digit = 0; digit < 10; digit++) {
    for (const item of mnistItems(digit, range)) records.push(glyphRecord(digit, mnistGlyph(digit, item, range)));
  }
  return records;
}

function main(): void {
  const out = textArgument('out');
  if (!out) throw new Error('--out <file prefix> is required');
  const copies = argument('copies', 2);
  if (!Number.isInteger(copies) || copies < 1) throw new Error('--copies takes a positive whole number');
  const training = Buffer.concat(rangeRecords('training'));
  for (let k = 0; k < copies; k++) appendFileSync(`${out}.train.bin`, training);
  const validation = rangeRecords('calibration');
  writeFileSync(`${out}.mnist-validation.bin`, Buffer.concat(validation));
  const trainingImages = training.length / GLYPH_BYTES;
  process.stdout.write(`MNIST images: ${trainingImages} of items 0..599 appended ${copies} times; ${validation.length} of items 600..749 for validation\n`);
}

if (require.main === module) main();
