/**
 * Exports labelled glyphs for the PyTorch trainer (tools/training/train_digits.py): cells are
 * synthesized exactly as the reader's training tool does, segmented and normalized by the
 * reader's own code (segmentCell + normalizeGlyph), so the network trains on the very 28x28
 * input the service classifies. Training glyphs come from MNIST items 0..599 of each class,
 * validation glyphs from items 600..749 (the mnist-source gate refuses anything else).
 *   node dist/tools/training/export-glyphs.js --out <file prefix> [--cells 30000] [--validation-cells 3000] [--seed 7]
 * Writes <prefix>.json (counts) and <prefix>.{train,validation}.bin: per glyph one label byte
 * then 784 ink bytes (0..255).
 */
import { writeFileSync } from 'node:fs';
import type { MnistItemRange } from '@caddie/handwriting-training';
import { labelledCellGlyphs, synthesizeDigitCell } from '@caddie/synthesis';
import { argument, textArgument } from '../tool-arguments';
import { TRAINING_SEEDS, VALIDATION_SEEDS } from './export-glyphs-seeds';
import { GLYPH_BYTES, glyphRecord } from './glyph-file';

function exportRange(path: string, first: number, count: number, range: MnistItemRange): { glyphs: number; classes: number[] } {
  const chunks: Buffer[] = [];
  const classes = new Array<number>(11).fill(0);
  for (let k = 0; k < count; k++) {
    // Mostly uniformly drawn digits for balanced classes, some golf-like values.
    const cell = synthesizeDigitCell(first + k, { range, values: k % 10 < 7 ? 'uniform' : 'realistic', blankRate: 0.2 });
    for (const glyph of labelledCellGlyphs(cell).glyphs) {
      chunks.push(glyphRecord(glyph.label, glyph.image));
      classes[glyph.label]++;
    }
  }
  writeFileSync(path, Buffer.concat(chunks));
  return { glyphs: chunks.length, classes };
}

function main(): void {
  const out = textArgument('out');
  if (!out) throw new Error('--out <file prefix> is required');
  const seed = argument('seed', 7);
  const cells = argument('cells', 30_000);
  const validationCells = argument('validation-cells', 3_000);
  const started = Date.now();
  const train = exportRange(`${out}.train.bin`, TRAINING_SEEDS + seed * 100_000, cells, 'training');
  process.stdout.write(`training: ${train.glyphs} glyphs from ${cells} cells (MNIST items 0..599) [${((Date.now() - started) / 1000).toFixed(0)}s]\n`);
  const validation = exportRange(`${out}.validation.bin`, VALIDATION_SEEDS + seed * 100_000, validationCells, 'calibration');
  process.stdout.write(
    `validation: ${validation.glyphs} glyphs from ${validationCells} cells (MNIST items 600..749) [${((Date.now() - started) / 1000).toFixed(0)}s]\n`,
  );
  writeFileSync(`${out}.json`, `${JSON.stringify({ seed, cells, validationCells, glyphBytes: GLYPH_BYTES, train, validation }, null, 2)}\n`);
}

main();
