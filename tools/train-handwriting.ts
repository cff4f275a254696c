/**
 * Calibrates the local digit reader (libs/handwriting): fits the temperature of the network in
 * the model folder on glyphs of cells drawn from MNIST's calibration range (items 600..749),
 * chooses the accept threshold on whole-cell readings of further calibration cells (blanks
 * included; the precision bound counts cells that reuse one MNIST item as clustered), and
 * writes calibration.json beside the weights.
 *   node dist/tools/train-handwriting.js [--from libs/handwriting/model] [--seed 7] [--temperature-cells 3000] [--threshold-cells 24000] [--sum-cells 30000]
 * Besides the all-fields threshold, thresholds per field role (FieldRole) and reading (a number,
 * or blank): entries on the threshold cells' scores and putts, sums on their totals and
 * `--sum-cells` more totals.
 * The network itself is trained by tools/training/train_digits.py (PyTorch); `npm run
 * train:handwriting` runs export, training and this calibration in turn
 * (tools/training/train-handwriting.sh). MNIST items 750+ are never read.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CALIBRATION_FORMAT,
  DIGIT_CLASSES,
  LocalDigitReader,
  NETWORK_FILE,
  NOT_A_DIGIT,
  defaultModelDirectory,
  loadDigitClassifier,
  type FieldRole,
  type HandwritingCalibration,
} from '@caddie/handwriting';
import {
  MNIST_LABEL_ERRATA,
  TARGET_PRECISION,
  WILSON_Z,
  chooseAcceptThreshold,
  fitTemperature,
  measureAtThreshold,
  mnistGlyph,
  mnistItems,
  negativeLogLikelihood,
  recordedThreshold,
  writeCalibration,
  type ScoredReading,
} from '@caddie/handwriting-training';
import { evaluateCells, labelledCellGlyphs, synthesizeCells, synthesizeDigitCell, type LabelledGlyph, type SynthesizedCellKind } from '@caddie/synthesis';
import { argument, textArgument } from './tool-arguments';
import { VALIDATION_SEEDS } from './training/export-glyphs-seeds';

/** Seed block of the threshold cells: never shared with training or temperature cells. */
const THRESHOLD_SEEDS = 3_000_000;
/** Offset of the extra sum cells inside a threshold seed block (the mixed cells use 0..threshold-cells). */
const SUM_CELLS_OFFSET = 50_000;

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

function percent(v: number, digits = 2): string {
  return `${(v * 100).toFixed(digits)}%`;
}

/** Labelled glyphs of synthesized calibration cells (made and dropped one at a time). */
function collectGlyphs(first: number, count: number): { glyphs: LabelledGlyph[]; segmentable: number } {
  const glyphs: LabelledGlyph[] = [];
  let segmentable = 0;
  for (let k = 0; k < count; k++) {
    const cell = synthesizeDigitCell(first + k, { range: 'calibration', values: k % 10 < 7 ? 'uniform' : 'realistic', blankRate: 0.2 });
    const found = labelledCellGlyphs(cell);
    glyphs.push(...found.glyphs);
    if (found.segmentable) segmentable++;
  }
  return { glyphs, segmentable: segmentable / Math.max(1, count) };
}

/** The calibration range's MNIST images as they are (28x28, the network's input), labelled by class; errata left out by mnistItems. */
function mnistImageGlyphs(): LabelledGlyph[] {
  return Array.from({ length: 10 }, (_, digit) =>
    mnistItems(digit, 'calibration').map((item) => ({ image: mnistGlyph(digit, item, 'calibration'), label: digit })),
  ).flat();
}

function accuracy(logits: readonly Float32Array[], glyphs: readonly LabelledGlyph[], digitsOnly: boolean): number {
  let right = 0;
  let total = 0;
  logits.forEach((l, k) => {
    if (digitsOnly && glyphs[k].label === NOT_A_DIGIT) return;
    let best = 0;
    for (let c = 1; c < l.length; c++) if (l[c] > l[best]) best = c;
    total++;
    if (best === glyphs[k].label) right++;
  });
  return right / Math.max(1, total);
}

/** Per-class accuracy of the digits (what review by digit follows). */
function classAccuracies(logits: readonly Float32Array[], glyphs: readonly LabelledGlyph[]): string {
  const right = new Array<number>(DIGIT_CLASSES).fill(0);
  const total = new Array<number>(DIGIT_CLASSES).fill(0);
  logits.forEach((l, k) => {
    let best = 0;
    for (let c = 1; c < l.length; c++) if (l[c] > l[best]) best = c;
    total[glyphs[k].label]++;
    if (best === glyphs[k].label) right[glyphs[k].label]++;
  });
  return total.map((t, c) => `${c === NOT_A_DIGIT ? 'x' : c}:${percent(right[c] / Math.max(1, t), 1)}`).join(' ');
}

interface CellOutcome extends ScoredReading {
  seed: number;
  truth: string | null;
  read: string | null;
  kind: string;
}

/** Reads calibration cells a page-sized batch at a time (cells are synthesized and dropped as they go). */
async function readCalibrationCells(reader: LocalDigitReader, first: number, count: number, kind?: SynthesizedCellKind): Promise<CellOutcome[]> {
  const outcomes: CellOutcome[] = [];
  for (let k = 0; k < count; k += 40) {
    const cells = synthesizeCells(first + k, Math.min(40, count - k), { range: 'calibration', ...(kind ? { kind } : {}) });
    const { readings, scored } = await evaluateCells(reader, cells);
    readings.forEach((r, j) =>
      outcomes.push({
        ...scored[j],
        // Cells reuse the 1,500 calibration items: the bound counts readings of one item as clustered.
        sources: cells[j].glyphs.map((g) => `${g.digit}:${g.item}`),
        seed: first + k + j,
        truth: cells[j].literal,
        read: r.blank ? null : r.literal,
        kind: cells[j].kind,
      }),
    );
  }
  return outcomes;
}

/** Confident mistakes by kind: what the threshold has to stay above. */
function describeErrors(outcomes: readonly CellOutcome[], above: number): string[] {
  const wrong = outcomes.filter((o) => !o.correct && o.confidence >= above).sort((a, b) => b.confidence - a.confidence);
  const kinds = new Map<string, number>();
  for (const o of wrong) {
    const kind =
      o.truth === null
        ? 'blank read as writing'
        : o.read === null
          ? 'writing read as blank'
          : o.read.length !== o.truth.length
            ? 'wrong digit count'
            : 'wrong digit';
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [
    `  errors at confidence >= ${above}: ${wrong.length} (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'})`,
    ...wrong.slice(0, 12).map((o) => `    seed ${o.seed} ${o.kind}: truth ${o.truth ?? 'blank'} read ${o.read ?? 'blank'} at ${o.confidence.toFixed(5)}`),
  ];
}

/** The trainer's provenance record from the network manifest (flattened to the calibration's training record). */
function trainingRecord(directory: string): Record<string, number | string> {
  const manifest = JSON.parse(readFileSync(join(directory, NETWORK_FILE), 'utf8')) as { provenance?: Record<string, unknown> };
  const record: Record<string, number | string> = {};
  for (const [key, value] of Object.entries(manifest.provenance ?? {})) {
    if (typeof value === 'number' || typeof value === 'string') record[key] = value;
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (typeof v === 'number') record[`${key}.${k}`] = v;
  }
  return record;
}

async function main(): Promise<void> {
  const seed = argument('seed', 7);
  const temperatureCells = argument('temperature-cells', 3_000);
  const thresholdCells = argument('threshold-cells', 24_000);
  const sumCells = argument('sum-cells', 30_000);
  if (thresholdCells > SUM_CELLS_OFFSET || sumCells > 100_000 - SUM_CELLS_OFFSET)
    throw new Error(`at most ${SUM_CELLS_OFFSET} threshold cells and ${100_000 - SUM_CELLS_OFFSET} sum cells (their seeds would overlap)`);
  const directory = resolve(textArgument('from') ?? defaultModelDirectory());
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;

  const network = await loadDigitClassifier(directory);
  const digest = sha256Of(directory);
  log(`synthesizing ${temperatureCells} calibration cells for the temperature (MNIST items 600..749)`);
  const calibration = collectGlyphs(VALIDATION_SEEDS + seed * 100_000, temperatureCells);
  log(`  ${calibration.glyphs.length} glyphs, segmentable cells ${percent(calibration.segmentable)} [${elapsed()}]`);

  const logits = await network.logits(calibration.glyphs.map((g) => g.image));
  const labels = calibration.glyphs.map((g) => g.label);
  const temperature = fitTemperature(logits, labels);
  const nllBefore = negativeLogLikelihood(logits, labels, 1);
  const nllAfter = negativeLogLikelihood(logits, labels, temperature);
  const glyphAccuracy = accuracy(logits, calibration.glyphs, false);
  const digitAccuracy = accuracy(logits, calibration.glyphs, true);
  log(`temperature ${temperature.toFixed(3)}: glyph NLL ${nllBefore.toFixed(4)} -> ${nllAfter.toFixed(4)}`);
  log(`  per class: ${classAccuracies(logits, calibration.glyphs)}`);
  const mnist = mnistImageGlyphs();
  const mnistAccuracy = accuracy(await network.logits(mnist.map((g) => g.image)), mnist, true);
  log(`  the calibration range's ${mnist.length} MNIST images as they are: ${percent(mnistAccuracy)}`);

  log(`reading ${thresholdCells} calibration cells (golf-like values, 25% blank) for the accept threshold`);
  const reader = new LocalDigitReader({ network, calibration: { temperature, acceptThreshold: 1 } });
  const readStarted = Date.now();
  const outcomes = await readCalibrationCells(reader, THRESHOLD_SEEDS + seed * 100_000, thresholdCells);
  const msPerCell = (Date.now() - readStarted) / thresholdCells;
  const choice = chooseAcceptThreshold(outcomes);
  const cellAccuracy = outcomes.filter((o) => o.correct).length / outcomes.length;
  log(`  cell accuracy ${percent(cellAccuracy)} (${msPerCell.toFixed(2)} ms per cell) [${elapsed()}]`);
  for (const line of describeErrors(outcomes, 0.9)) log(line);
  if (!choice) {
    throw new Error(
      `no threshold reaches ${percent(TARGET_PRECISION, 1)} precision at the Wilson lower bound; calibration.json not written (the reader refuses these weights)`,
    );
  }
  const acceptThreshold = recordedThreshold(choice.threshold);
  const measured = measureAtThreshold(outcomes, acceptThreshold);

  log(`reading ${sumCells} more calibration total cells for the sum role's threshold`);
  const sums = [
    ...outcomes.filter((o) => o.kind === 'total'),
    ...(await readCalibrationCells(reader, THRESHOLD_SEEDS + seed * 100_000 + SUM_CELLS_OFFSET, sumCells, 'total')),
  ];
  const roles = {
    entry: roleThresholds(
      'entry',
      outcomes.filter((o) => o.kind !== 'total'),
    ),
    sum: roleThresholds('sum', sums),
  };
  log(`  [${elapsed()}]`);
  writeCalibration(directory, {
    format: CALIBRATION_FORMAT,
    weightsSha256: digest,
    temperature: round(temperature, 6),
    acceptThreshold,
    rule: { targetPrecision: TARGET_PRECISION, wilsonZ: WILSON_Z, bound: 'source-clustered', labelErrata: [...MNIST_LABEL_ERRATA] },
    calibrationCells: roundAll(measured),
    roles,
    glyphs: {
      count: calibration.glyphs.length,
      accuracy: round(glyphAccuracy, 5),
      digitAccuracy: round(digitAccuracy, 5),
      negativeLogLikelihood: round(nllAfter, 5),
      mnistImages: mnist.length,
      mnistAccuracy: round(mnistAccuracy, 5),
    },
    training: { ...trainingRecord(directory), calibrationSeed: seed, temperatureCells, thresholdCells, sumCells },
  });

  log('');
  log('report (all figures on MNIST calibration items 600..749, never seen in training)');
  log(
    `  glyph accuracy ${percent(glyphAccuracy)} over ${calibration.glyphs.length} segmented glyphs (digits only ${percent(digitAccuracy)}); MNIST images as they are ${percent(mnistAccuracy)} of ${mnist.length}`,
  );
  log(`  temperature ${temperature.toFixed(3)}`);
  log(`  cell accuracy ${percent(measured.accuracy)} over ${thresholdCells} cells`);
  log(
    `  accept threshold ${acceptThreshold.toFixed(6)}: coverage ${percent(measured.coverage)}, precision ${percent(measured.precision)} ` +
      `(Wilson z=${WILSON_Z} lower bound ${percent(measured.precisionLowerBound)} at design effect ${(measured.designEffect ?? 1).toFixed(2)}), ` +
      `${measured.accepted - Math.round(measured.precision * measured.accepted)} wrong of ${measured.accepted} accepted`,
  );
  for (const line of describeErrors(outcomes, choice.threshold)) log(line);
  for (const [role, byReading] of Object.entries(roles)) {
    for (const [reading, figures] of Object.entries(byReading)) {
      log(
        `  ${role} role, ${figures.cells} readings of ${reading === 'number' ? 'a number' : 'blank'}: ` +
          (figures.acceptThreshold === null
            ? 'no threshold reaches the target (never accepted on their own)'
            : `threshold ${figures.acceptThreshold.toFixed(6)}, coverage ${percent(figures.coverage)}, ${figures.accepted - Math.round(figures.precision * figures.accepted)} wrong of ${figures.accepted} (lower bound ${percent(figures.precisionLowerBound)})`),
      );
    }
  }
  log(`  calibration.json written in ${directory} [${elapsed()}]`);
}

type RoleFigures = NonNullable<HandwritingCalibration['roles']>[FieldRole];
type ThresholdFigures = RoleFigures['number'];

/** One role's thresholds, for its readings of a number and its blank readings, each chosen on those readings alone by the same rule. */
function roleThresholds(role: FieldRole, outcomes: readonly CellOutcome[]): RoleFigures {
  return {
    number: threshold(
      `${role} numbers`,
      outcomes.filter((o) => o.read !== null),
    ),
    blank: threshold(
      `${role} blanks`,
      outcomes.filter((o) => o.read === null),
    ),
  };
}

/** The threshold of a set of readings; null when none reaches the target. */
function threshold(name: string, outcomes: readonly CellOutcome[]): ThresholdFigures {
  const choice = chooseAcceptThreshold(outcomes);
  for (const line of describeErrors(outcomes, choice?.threshold ?? 0.99).slice(0, 4)) log(`  ${name}:${line}`);
  const acceptThreshold = choice ? recordedThreshold(choice.threshold) : null;
  const measured = measureAtThreshold(outcomes, acceptThreshold ?? Number.POSITIVE_INFINITY);
  return { acceptThreshold, ...roundAll(measured) };
}

function sha256Of(directory: string): string {
  return (JSON.parse(readFileSync(join(directory, NETWORK_FILE), 'utf8')) as { weightsSha256: string }).weightsSha256;
}

function round(v: number, digits: number): number {
  return Number(v.toFixed(digits));
}

function roundAll<T extends Record<string, number>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number.isInteger(v) ? v : round(v, 6)])) as T;
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
