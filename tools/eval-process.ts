/**
 * Processing evaluation on synthetic photos: generates N photos of filled cards (one
 * production page each, handwriting from the MNIST calibration items, random lighting, blur,
 * noise, JPEG and tilt as in eval-normalize), runs processPhoto with a handwriting reader and
 * grades every field against the scene truth. Figures: review rate and precision among
 * auto-accepted cells (the spec's reference figures), by field kind and reason code; for the
 * local reader, its networks' glyph accuracy on these photos' own written digits
 * (photo-glyphs.ts) beside the figure its calibration.json records.
 *   npm run eval:process -- --count 200 --seed 1 [--width 2000 --height 1500 | --sizes 4000x3000,2000x1500,...]
 *     [--reader local|truth] [--model-dir DIR] [--occlusion none|random] [--pars]
 *     [--conditions standard,fine-pen,dry-pen,light-pencil,folded]
 * With --sizes, photo i (seed + i) has the size at i modulo their number, and the figures are
 * also given by photo size. With --conditions, the photos take the conditions in turn (each
 * condition through every size), and the figures are also given by condition: `standard` is
 * the synthesizer's usual pen, `fine-pen`, `dry-pen` and `light-pencil` write the digits thin,
 * broken or faint, `folded` folds the card (creases with their light and shade).
 * Scenes are generated and graded one at a time, so memory stays bounded by one photo.
 */
import { generateDemoCourses, type Course } from '@caddie/catalog';
import { DESIGN_CATALOG, findCapture, processorFor } from '@caddie/fiducials';
import {
  LocalDigitReader,
  defaultModelDirectory,
  loadDigitClassifier,
  readCalibration,
  type CellImage,
  type CellReading,
  type DigitClassifier,
  type HandwritingCalibration,
  type HandwritingProvider,
} from '@caddie/handwriting';
import { MNIST_ITEM_RANGES } from '@caddie/handwriting-training';
import { fieldPlan, processPhoto, sourcePixelsPerMm, type FieldDecision, type HolePars } from '@caddie/scorecards';
import { synthesizeScene, type OcclusionMode, type PenKind, type Scene, type SceneOptions, type WrittenField } from '@caddie/synthesis';
import { PhotoGlyphTally, recordingProvider, type GlyphClassifier, type PhotoGlyphSummary } from './photo-glyphs';
import { argument, choice, photoSizes, textArgument } from './tool-arguments';

export type ReaderKind = 'local' | 'truth';

export interface PhotoSize {
  width: number;
  height: number;
}

export interface EvalOptions {
  count: number;
  firstSeed: number;
  /** Photo i (seed firstSeed + i) has the size at i modulo their number. */
  sizes: readonly PhotoSize[];
  occlusion: OcclusionMode;
  /** Hand the printed pars to the pipeline (production has no course data, so off by default). */
  pars: boolean;
  /** The cards' conditions, taken in turn (default: `standard` only). */
  conditions?: readonly EvalCondition[];
}

/** How the card was filled in and kept: what `eval:process --conditions` chooses from. */
export const EVAL_CONDITIONS = ['standard', 'fine-pen', 'dry-pen', 'light-pencil', 'folded'] as const;
export type EvalCondition = (typeof EVAL_CONDITIONS)[number];

/** The scene options a condition sets. */
export function conditionScene(condition: EvalCondition): { pen: PenKind; folded: boolean } {
  const pens: Record<EvalCondition, PenKind> = { standard: 'ink', 'fine-pen': 'fine', 'dry-pen': 'dry', 'light-pencil': 'light-pencil', folded: 'ink' };
  return { pen: pens[condition], folded: condition === 'folded' };
}

/** The production page captures (`M9H1/front-nine-page`, ...): what the processors read. */
export const PRODUCTION_CAPTURES = DESIGN_CATALOG.map((d) => processorFor(d.designCode)).filter((c): c is string => c !== undefined);

/** The scene options of the evaluation tools: one production page of `course`, filled by hand with calibration-range digits. */
export function evaluationScene(course: Course, photo: PhotoSize & Pick<EvalOptions, 'occlusion'>, condition: EvalCondition = 'standard'): SceneOptions {
  return {
    course,
    width: photo.width,
    height: photo.height,
    pageCount: 1,
    captureIds: PRODUCTION_CAPTURES,
    handwriting: true,
    handwritingItems: 'calibration',
    occlusion: photo.occlusion,
    ...conditionScene(condition),
  };
}

/**
 * The one place that makes a reader. `local` is the shipped digit model, shared by every
 * scene; `truth` reads the scene's truth (for testing this tool, not the model).
 */
export function readerFactory(kind: ReaderKind, modelDirectory?: string, network?: DigitClassifier): (scene: Scene) => HandwritingProvider {
  if (kind === 'truth') return (scene) => truthReader(scene.truth.pages[0]?.handwriting ?? []);
  const reader = new LocalDigitReader({ ...(modelDirectory ? { modelDirectory } : {}), ...(network ? { network } : {}) });
  return () => reader;
}

/** Reads every cell exactly as the scene wrote it (blank where nothing was written), confidently. */
export function truthReader(truth: readonly WrittenField[], acceptThreshold = 0.9): HandwritingProvider {
  return {
    name: 'scene-truth',
    acceptThreshold,
    readsText: false,
    async readCells(cells: readonly CellImage[]): Promise<CellReading[]> {
      return cells.map((cell) => {
        const written = truth.find((t) => `${t.row}.${t.field}` === cell.id);
        if (!written) return { id: cell.id, blank: true, literal: null, confidence: 0.99, alternatives: [] };
        return { id: cell.id, blank: false, literal: written.value === null ? null : String(written.value), confidence: 0.99, alternatives: [] };
      });
    },
  };
}

/** `hole.score`, `hole.putts`, `totals.score`, `totals.putts`, `roundSummary`, `penalty.penaltyStrokes`, `text`. */
export function fieldKind(row: string, field: string, content: 'digits' | 'text'): string {
  if (content === 'text') return 'text';
  if (row.startsWith('hole-')) return `hole.${field}`;
  if (row === 'roundSummary') return 'roundSummary';
  return `${row}.${field}`;
}

const TEXT_FIELDS = new Set(['date', 'course', 'teeBox', 'startTime', 'playingPartners', 'penaltyHoles']);

export interface FieldGrade {
  kind: string;
  /** `row.field`, e.g. `hole-3.score`. */
  field: string;
  /** What the scene wrote (null: blank; undefined: text, which has no truth value). */
  truth: FieldDecision['value'] | undefined;
  /** The accepted value (null: accepted as blank, or in review). */
  value: FieldDecision['value'];
  written: boolean;
  accepted: boolean;
  /** Accepted fields: the value is the truth (null for a blank cell; text never has a truth value). */
  correct: boolean;
  /** Review fields over written digits: the best guess is the truth. */
  guessCorrect: boolean;
  reasonCodes: string[];
  /** Written digit fields: the truth as written (for review rates by digit). */
  truthDigits?: string;
}

/** Grades one page's decisions against what the scene wrote on it. */
export function gradePage(fields: readonly FieldDecision[], truth: readonly WrittenField[]): FieldGrade[] {
  return fields.map((f) => {
    const t = truth.find((w) => w.row === f.row && w.field === f.field);
    const content = t?.content ?? (TEXT_FIELDS.has(f.field) ? 'text' : 'digits');
    const expected = t ? (content === 'text' ? undefined : t.value) : null;
    const accepted = f.decision === 'ACCEPTED';
    return {
      kind: fieldKind(f.row, f.field, content),
      field: `${f.row}.${f.field}`,
      truth: expected,
      value: f.value,
      written: t !== undefined,
      accepted,
      correct: accepted && expected !== undefined && f.value === expected,
      guessCorrect: !accepted && expected !== undefined && expected !== null && f.bestGuess === expected,
      reasonCodes: f.reasonCodes,
      ...(content === 'digits' && typeof expected === 'number' ? { truthDigits: String(expected) } : {}),
    };
  });
}

interface KindTally {
  cells: number;
  written: number;
  accepted: number;
  acceptedCorrect: number;
  /** Written fields accepted as blank: writing lost without a word. */
  writtenAcceptedBlank: number;
  /** Blank fields accepted with a value: a fold, a smudge or a neighbour's ink read as writing. */
  blankAcceptedValue: number;
  review: number;
  reviewWritten: number;
  guessCorrect: number;
}

export interface EvalSummary {
  photos: number;
  firstSeed: number;
  photoSize: string;
  reader: string;
  occlusion: OcclusionMode;
  pages: { processed: number; normalizedOnly: number; failedPhotos: number; wrongDesign: number };
  cells: number;
  acceptedCells: number;
  reviewCells: number;
  reviewRate: number;
  /** Correct accepted cells / accepted cells. */
  precision: number;
  acceptedErrors: number;
  /** Each wrong accepted cell: the photo's seed, the field, what was written and what was accepted, and its reason codes. */
  acceptedErrorCells: AcceptedError[];
  byKind: Record<string, KindTally & { reviewRate: number; precision: number }>;
  /** The same by the page's detail in the photo (px per mm of card, worst direction), to place the reading floor. */
  byDetail: Record<string, KindTally & { reviewRate: number; precision: number }>;
  /** The same by photo size (`2000x1500`), when the photos were of several sizes. */
  bySize: Record<string, KindTally & { reviewRate: number; precision: number }>;
  /** The same by the cards' condition (EvalCondition), when the photos were of several. */
  byCondition: Record<string, KindTally & { reviewRate: number; precision: number }>;
  /** The same over the digit fields only (text fields go to review whenever written, as the local reader cannot transcribe them). */
  digitFields: KindTally & { reviewRate: number; precision: number };
  writtenAcceptedBlank: number;
  blankAcceptedValue: number;
  reasons: Record<string, number>;
  /** The review reason codes by the cards' condition, when the photos were of several: where each condition's reviews come from. */
  reasonsByCondition: Record<string, Record<string, number>>;
  /** Reason codes on accepted fields (decided-by-cross-check). */
  acceptedReasons: Record<string, number>;
  /** Written digit fields holding each digit: how many, and the share that went to review. */
  byDigit: Record<string, { cells: number; review: number; reviewRate: number }>;
  outcomes: Record<string, number>;
  meanProcessMsPerPhoto: number;
  /** The local reader's glyph figures, from its calibration.json (absent for other readers). */
  glyphs?: HandwritingCalibration['glyphs'];
  /** Glyph accuracy on these photos' written digits, when a glyph classifier was given. */
  photoGlyphs?: PhotoGlyphSummary;
}

export interface AcceptedError {
  seed: number;
  field: string;
  /** Undefined for written text (which has no truth value). */
  truth?: FieldDecision['value'];
  value: FieldDecision['value'];
  reasonCodes: string[];
}

/** Counts by code, the most frequent first. */
function byCount(counts: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...counts.entries()].sort((a, b) => b[1] - a[1]));
}

/** Accumulates grades photo by photo (nothing per photo is kept but the wrong accepted cells). */
export class EvalTally {
  private readonly kinds = new Map<string, KindTally>();
  private readonly reasons = new Map<string, number>();
  private readonly acceptedReasons = new Map<string, number>();
  private readonly digits = new Map<string, { cells: number; review: number }>();
  private readonly outcomes = new Map<string, number>();
  private readonly details = new Map<string, KindTally>();
  private readonly sizes = new Map<string, KindTally>();
  private readonly conditions = new Map<string, KindTally>();
  private readonly conditionReasons = new Map<string, Map<string, number>>();
  private readonly digitFields = emptyTally();
  private readonly acceptedErrorCells: AcceptedError[] = [];
  readonly pages = { processed: 0, normalizedOnly: 0, failedPhotos: 0, wrongDesign: 0 };
  processMs = 0;
  photos = 0;

  /** `classify`: grade the photos' written glyphs with these networks as well. */
  constructor(classify?: GlyphClassifier) {
    this.glyphs = classify ? new PhotoGlyphTally(classify) : undefined;
  }

  readonly glyphs: PhotoGlyphTally | undefined;

  outcome(code: string): void {
    this.outcomes.set(code, (this.outcomes.get(code) ?? 0) + 1);
  }

  /**
   * `detail`: the band of the page's photo detail, when known; `seed`: the photo's, to list its
   * wrong accepted cells by; `size`: the photo's size (`2000x1500`), when the photos have several;
   * `condition`: the card's condition, when the photos have several.
   */
  add(grades: readonly FieldGrade[], detail?: string, seed = Number.NaN, size?: string, condition?: string): void {
    for (const g of grades) {
      if (g.accepted && !g.correct) this.acceptedErrorCells.push({ seed, field: g.field, truth: g.truth, value: g.value, reasonCodes: [...g.reasonCodes] });
      const k = this.kinds.get(g.kind) ?? emptyTally();
      count(k, g);
      this.kinds.set(g.kind, k);
      const reasons = g.accepted ? this.acceptedReasons : this.reasons;
      for (const r of g.reasonCodes) reasons.set(r, (reasons.get(r) ?? 0) + 1);
      if (condition !== undefined && !g.accepted) {
        const byCode = this.conditionReasons.get(condition) ?? new Map<string, number>();
        for (const r of g.reasonCodes) byCode.set(r, (byCode.get(r) ?? 0) + 1);
        this.conditionReasons.set(condition, byCode);
      }
      for (const digit of new Set(g.truthDigits ?? '')) {
        const d = this.digits.get(digit) ?? { cells: 0, review: 0 };
        d.cells++;
        if (!g.accepted) d.review++;
        this.digits.set(digit, d);
      }
      if (detail !== undefined) countInto(this.details, detail, g);
      if (size !== undefined) countInto(this.sizes, size, g);
      if (condition !== undefined) countInto(this.conditions, condition, g);
      if (g.kind !== 'text') count(this.digitFields, g);
    }
  }

  summary(meta: Pick<EvalSummary, 'firstSeed' | 'photoSize' | 'reader' | 'occlusion' | 'glyphs'>): EvalSummary {
    const all = [...this.kinds.values()];
    const sum = (f: (k: KindTally) => number) => all.reduce((s, k) => s + f(k), 0);
    const cells = sum((k) => k.cells);
    const accepted = sum((k) => k.accepted);
    const correct = sum((k) => k.acceptedCorrect);
    const rate = (k: KindTally) => ({ ...k, reviewRate: ratio(k.review, k.cells), precision: ratio(k.acceptedCorrect, k.accepted) });
    const rated = (tallies: Map<string, KindTally>) => Object.fromEntries([...tallies.entries()].sort().map(([key, k]) => [key, rate(k)]));
    return {
      photos: this.photos,
      ...meta,
      pages: { ...this.pages },
      cells,
      acceptedCells: accepted,
      reviewCells: cells - accepted,
      reviewRate: ratio(cells - accepted, cells),
      precision: ratio(correct, accepted),
      acceptedErrors: accepted - correct,
      acceptedErrorCells: this.acceptedErrorCells.map((e) => ({ ...e })),
      byKind: rated(this.kinds),
      byDetail: rated(this.details),
      bySize: rated(this.sizes),
      byCondition: rated(this.conditions),
      digitFields: rate(this.digitFields),
      writtenAcceptedBlank: sum((k) => k.writtenAcceptedBlank),
      blankAcceptedValue: sum((k) => k.blankAcceptedValue),
      reasons: byCount(this.reasons),
      reasonsByCondition: Object.fromEntries([...this.conditionReasons.entries()].sort().map(([condition, codes]) => [condition, byCount(codes)])),
      acceptedReasons: Object.fromEntries(this.acceptedReasons),
      byDigit: Object.fromEntries([...this.digits.entries()].sort().map(([digit, d]) => [digit, { ...d, reviewRate: ratio(d.review, d.cells) }])),
      outcomes: Object.fromEntries(this.outcomes),
      meanProcessMsPerPhoto: this.photos ? Math.round(this.processMs / this.photos) : NaN,
      ...(this.glyphs ? { photoGlyphs: this.glyphs.summary() } : {}),
    };
  }
}

function emptyTally(): KindTally {
  return {
    cells: 0,
    written: 0,
    accepted: 0,
    acceptedCorrect: 0,
    writtenAcceptedBlank: 0,
    blankAcceptedValue: 0,
    review: 0,
    reviewWritten: 0,
    guessCorrect: 0,
  };
}

function countInto(tallies: Map<string, KindTally>, key: string, g: FieldGrade): void {
  const k = tallies.get(key) ?? emptyTally();
  count(k, g);
  tallies.set(key, k);
}

function count(k: KindTally, g: FieldGrade): void {
  k.cells++;
  if (g.written) k.written++;
  if (g.accepted) {
    k.accepted++;
    if (g.correct) k.acceptedCorrect++;
    if (g.written && g.value === null) k.writtenAcceptedBlank++;
    if (!g.written && g.value !== null) k.blankAcceptedValue++;
  } else {
    k.review++;
    if (g.written) k.reviewWritten++;
    if (g.guessCorrect) k.guessCorrect++;
  }
}

const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 1e5) / 1e5 : NaN);

/** Detail bands in photo pixels per millimetre of card (MIN_SOURCE_PIXELS_PER_MM is the floor). */
export function detailBand(pixelsPerMm: number): string {
  const edges = [2, 2.5, 3, 4, 5];
  const upper = edges.find((e) => pixelsPerMm < e);
  if (upper === undefined) return `>=${edges[edges.length - 1]}`;
  const lower = edges[edges.indexOf(upper) - 1];
  return lower === undefined ? `<${upper}` : `${lower}-${upper}`;
}

/** The photo detail of the scene's page over its fields, from the truth transform. */
function truthDetail(scene: Scene): number {
  const [truth] = scene.truth.pages;
  const capture = findCapture(truth.captureId)!;
  const plan = fieldPlan(capture)!;
  return sourcePixelsPerMm(
    truth.canonicalToPhoto,
    capture.canonicalPixels,
    capture.pixelsPerMm,
    plan.fields.map((f) => f.box),
  );
}

export interface EvalHooks {
  progress?: (done: number) => void;
  /** Grades the written glyphs of every processed page with these networks (EvalSummary.photoGlyphs). */
  classify?: GlyphClassifier;
}

/** Generates, processes and grades the photos one at a time. */
export async function evaluate(options: EvalOptions, readerFor: (scene: Scene) => HandwritingProvider, hooks: EvalHooks = {}): Promise<EvalTally> {
  const courses = generateDemoCourses();
  const tally = new EvalTally(hooks.classify);
  if (options.sizes.length === 0) throw new Error('evaluate needs at least one photo size');
  const several = options.sizes.length > 1;
  const conditions = options.conditions ?? ['standard'];
  if (conditions.length === 0) throw new Error('evaluate needs at least one condition');
  for (let i = 0; i < options.count; i++) {
    const course: Course = courses[i % courses.length];
    const photo = options.sizes[i % options.sizes.length];
    const size = several ? sizeLabel(photo) : undefined;
    // Each condition in turn through every size: photo i's condition changes after each round of sizes.
    const condition = conditions[Math.floor(i / options.sizes.length) % conditions.length];
    const scene = await synthesizeScene(options.firstSeed + i, evaluationScene(course, { ...photo, occlusion: options.occlusion }, condition));
    const [truth] = scene.truth.pages;
    const pars: HolePars | undefined = options.pars
      ? Object.fromEntries(course.holes.filter((h) => h.par !== null).map((h) => [h.number, h.par as number]))
      : undefined;
    tally.photos++;
    const crops: CellImage[] = [];
    const reader = tally.glyphs ? recordingProvider(readerFor(scene), (cells) => crops.push(...cells)) : readerFor(scene);
    const started = process.hrtime.bigint();
    try {
      const { body } = await processPhoto(scene.image, reader, { requestId: `eval-${options.firstSeed + i}`, pars });
      tally.processMs += Number(process.hrtime.bigint() - started) / 1e6;
      tally.outcome(body.status);
      for (const page of body.pages) {
        if (page.design.designId !== `S${truth.designCode}`) {
          tally.pages.wrongDesign++;
          continue;
        }
        if (page.status === 'NORMALIZED_ONLY') {
          tally.pages.normalizedOnly++;
          continue;
        }
        tally.pages.processed++;
        tally.add(
          gradePage(page.processing.fields, truth.handwriting),
          detailBand(truthDetail(scene)),
          options.firstSeed + i,
          size,
          conditions.length > 1 ? condition : undefined,
        );
        await tally.glyphs?.add(crops, truth.handwriting, options.firstSeed + i, size);
      }
      for (const issue of body.issues) tally.outcome(issue.code);
    } catch (error) {
      tally.processMs += Number(process.hrtime.bigint() - started) / 1e6;
      tally.pages.failedPhotos++;
      const code = (error as { code?: unknown }).code;
      tally.outcome(typeof code === 'string' ? code : (error as Error).name);
    }
    hooks.progress?.(i + 1);
  }
  return tally;
}

/** `2000x1500`. */
export function sizeLabel(size: PhotoSize): string {
  return `${size.width}x${size.height}`;
}

function percent(v: number): string {
  return Number.isFinite(v) ? `${(100 * v).toFixed(2)}%` : 'n/a';
}

type RatedTally = EvalSummary['byKind'][string];

function tableRow(label: string, k: RatedTally): string {
  const cells = [k.cells, k.written, k.accepted].map((v, i) => String(v).padStart([6, 8, 9][i])).join(' ');
  const lost = `${k.writtenAcceptedBlank}/${k.blankAcceptedValue}`;
  return `    ${label.padEnd(24)} ${cells} ${percent(k.precision).padStart(10)} ${percent(k.reviewRate).padStart(12)} ${`${k.guessCorrect}/${k.reviewWritten}`.padStart(19)} ${lost.padStart(20)}`;
}

/** The human-readable report (the JSON line follows it). */
export function reportLines(s: EvalSummary): string[] {
  const header = 'cells  written  accepted  precision  review rate  review guess right  written->blank/blank->value';
  return [
    `processing evaluation on ${s.photos} synthetic photos (seeds ${s.firstSeed}..${s.firstSeed + s.photos - 1}, ${s.photoSize}, reader ${s.reader}, occlusion ${s.occlusion})`,
    `  pages processed ${s.pages.processed}, normalized only ${s.pages.normalizedOnly}, photos failed ${s.pages.failedPhotos}, wrong design ${s.pages.wrongDesign}`,
    `  cells ${s.cells}: accepted ${s.acceptedCells}, review ${s.reviewCells} (review rate ${percent(s.reviewRate)})`,
    `  precision among accepted cells ${percent(s.precision)} (${s.acceptedErrors} wrong of ${s.acceptedCells}): written accepted as blank ${s.writtenAcceptedBlank}, blank accepted with a value ${s.blankAcceptedValue}`,
    `  digit fields ${s.digitFields.cells}: review rate ${percent(s.digitFields.reviewRate)}, precision ${percent(s.digitFields.precision)}`,
    ...s.acceptedErrorCells.map(
      (e) =>
        `    photo ${e.seed} ${e.field}: written ${e.truth === undefined ? 'text' : (e.truth ?? 'blank')}, accepted ${e.value ?? 'blank'}${e.reasonCodes.length ? ` (${e.reasonCodes.join(', ')})` : ''}`,
    ),
    `  by field kind:            ${header}`,
    ...Object.entries(s.byKind).map(([kind, k]) => tableRow(kind, k)),
    `  by page detail (px/mm):   ${header}`,
    ...Object.entries(s.byDetail).map(([band, k]) => tableRow(band, k)),
    ...(Object.keys(s.bySize).length ? [`  by photo size:            ${header}`, ...Object.entries(s.bySize).map(([size, k]) => tableRow(size, k))] : []),
    ...(Object.keys(s.byCondition).length
      ? [`  by card condition:        ${header}`, ...Object.entries(s.byCondition).map(([condition, k]) => tableRow(condition, k))]
      : []),
    `  review rate by written digit: ${Object.entries(s.byDigit)
      .map(([digit, d]) => `${digit} ${percent(d.reviewRate)} of ${d.cells}`)
      .join(', ')}`,
    `  accepted with a reason: ${
      Object.entries(s.acceptedReasons)
        .map(([r, n]) => `${r} ${n}`)
        .join(', ') || 'none'
    }`,
    `  reason codes: ${
      Object.entries(s.reasons)
        .map(([r, n]) => `${r} ${n}`)
        .join(', ') || 'none'
    }`,
    ...Object.entries(s.reasonsByCondition).map(
      ([condition, codes]) =>
        `    ${condition}: ${
          Object.entries(codes)
            .map(([r, n]) => `${r} ${n}`)
            .join(', ') || 'none'
        }`,
    ),
    `  outcomes: ${Object.entries(s.outcomes)
      .map(([r, n]) => `${r} ${n}`)
      .join(', ')}`,
    `  mean processPhoto time ${s.meanProcessMsPerPhoto} ms per photo`,
    ...(s.photoGlyphs ? photoGlyphLines(s.photoGlyphs) : []),
    ...(s.glyphs ? [glyphLine(s.glyphs)] : []),
  ];
}

/** Glyph accuracy on these photos' written digits, per digit, and each wrong glyph's MNIST item. */
function photoGlyphLines(g: PhotoGlyphSummary): string[] {
  return [
    `  glyph accuracy on these photos: ${percent(g.accuracy)} (${g.wrong} wrong of ${g.glyphs} glyphs of ${g.labelledCells} of ${g.writtenCells} written digit cells that segment into their written count; counting the ${g.writtenDigits - g.glyphs} digits of the other cells as wrong, ${percent(g.accuracyOfWritten)} of ${g.writtenDigits})`,
    `    by digit: ${Object.entries(g.byDigit)
      .map(([digit, d]) => `${digit} ${d.wrong}/${d.glyphs}`)
      .join(', ')}`,
    ...(Object.keys(g.bySize).length
      ? [
          `    by photo size: ${Object.entries(g.bySize)
            .map(([size, d]) => `${size} ${percent(1 - d.wrong / d.glyphs)} (${d.wrong} wrong of ${d.glyphs})`)
            .join(', ')}`,
        ]
      : []),
    ...(g.wrongGlyphs.length
      ? [
          `    wrong (digit#MNIST item->read, 10 = not a digit): ${g.wrongGlyphs.map((w) => `${w.digit}#${w.item + MNIST_ITEM_RANGES.calibration.first}->${w.read} (photo ${w.seed} ${w.field})`).join(', ')}`,
        ]
      : []),
  ];
}

/** The model's glyph accuracy as its calibration measured it: on synthesized cells, every candidate of every cut. */
function glyphLine(g: HandwritingCalibration['glyphs']): string {
  const mnist = g.mnistAccuracy === undefined ? '' : `, the ${g.mnistImages} MNIST images as they are ${percent(g.mnistAccuracy)}`;
  return `  model glyph accuracy (its calibration.json, MNIST items 600..749): ${percent(g.accuracy)} of ${g.count} segmented glyphs, digits among them ${percent(g.digitAccuracy)}${mnist}`;
}

/** `standard,folded` as conditions; an unknown name is an error naming the known ones. */
export function conditionList(text: string): EvalCondition[] {
  const names = text.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(EVAL_CONDITIONS as readonly string[]).includes(n));
  if (unknown.length || names.length === 0) throw new Error(`--conditions takes ${EVAL_CONDITIONS.join(', ')}; got ${unknown.join(', ') || 'nothing'}`);
  return names as EvalCondition[];
}

async function main(): Promise<void> {
  const sizes = textArgument('sizes');
  if (sizes !== undefined && (textArgument('width') !== undefined || textArgument('height') !== undefined))
    throw new Error('give --sizes or --width and --height, not both');
  const options: EvalOptions = {
    count: argument('count', 100),
    firstSeed: argument('seed', 1),
    sizes: sizes === undefined ? [{ width: argument('width', 2000), height: argument('height', 1500) }] : photoSizes(sizes),
    occlusion: choice('occlusion', ['none', 'random', 'page', 'marker'] as const, 'none'),
    pars: process.argv.includes('--pars'),
    conditions: conditionList(textArgument('conditions') ?? 'standard'),
  };
  const reader = choice('reader', ['local', 'truth'] as const, 'local');
  const started = Date.now();
  const modelAt = process.argv.indexOf('--model-dir');
  const modelDirectory = modelAt < 0 ? undefined : process.argv[modelAt + 1];
  // One copy of the networks, checked against the calibration, reads the cells and grades the photos' glyphs.
  const directory = modelDirectory ?? defaultModelDirectory();
  const network = reader === 'local' ? await loadDigitClassifier(directory, readCalibration(directory).weightsSha256) : undefined;
  const tally = await evaluate(options, readerFactory(reader, modelDirectory, network), {
    progress: (done) => {
      if (done % 25 === 0) console.error(`${done}/${options.count} photos, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    },
    ...(network ? { classify: async (images: readonly Float32Array[]) => network.logits(images) } : {}),
  });
  const glyphs = reader === 'local' ? readCalibration(directory).glyphs : undefined;
  const summary = tally.summary({
    firstSeed: options.firstSeed,
    photoSize: options.sizes.map(sizeLabel).join(','),
    reader,
    occlusion: options.occlusion,
    glyphs,
  });
  if ((options.conditions?.length ?? 1) > 1) console.log(`  conditions in turn: ${options.conditions!.join(', ')}`);
  for (const line of reportLines(summary)) console.log(line);
  console.log(JSON.stringify(summary));
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(2);
  });
}
