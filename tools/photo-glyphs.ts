/**
 * Glyph accuracy on the evaluation photos themselves: the crops the page pipeline cut from a
 * photo are segmented and labelled from the scene's truth as the photo glyph export labels them
 * (labelledWrittenGlyphs: the most probable cut into as many whole groups as digits were
 * written), then classified by the reader's own networks. The calibration's glyph figure is
 * measured on synthesized cells; this one is measured where the product reads, under each
 * photo's resolution, blur, lighting and compression.
 */
import type { CellImage, HandwritingProvider } from '@caddie/handwriting';
import { labelledWrittenGlyphs, type WrittenField } from '@caddie/synthesis';

/** One row of logits per normalized glyph (digits 0..9, then "not a digit"). */
export type GlyphClassifier = (images: readonly Float32Array[]) => Promise<Float32Array[]>;

export interface WrongGlyph {
  seed: number;
  field: string;
  digit: number;
  /** The MNIST item written, counted from the start of the scene's item range (600 for calibration). */
  item: number;
  /** The class the networks chose (10: not a digit). */
  read: number;
}

export interface PhotoGlyphSummary {
  /** Written digit cells whose crop reached the reader. */
  writtenCells: number;
  /** Of those, the cells segmentation cuts into their written count of whole groups: their glyphs are graded. */
  labelledCells: number;
  /** Digits written in the cells that reached the reader. */
  writtenDigits: number;
  glyphs: number;
  wrong: number;
  /** Right glyphs over graded glyphs. */
  accuracy: number;
  /** Right glyphs over every written digit (a digit in a cell that cannot be cut counts as wrong): a floor. */
  accuracyOfWritten: number;
  byDigit: Record<string, { glyphs: number; wrong: number }>;
  /** The same by photo size, for the photos `add` was given a size for. */
  bySize: Record<string, { glyphs: number; wrong: number }>;
  wrongGlyphs: WrongGlyph[];
}

/** A provider that hands every crop it is asked to read to `keep`, then reads it with `provider`. */
export function recordingProvider(provider: HandwritingProvider, keep: (cells: readonly CellImage[]) => void): HandwritingProvider {
  return {
    name: provider.name,
    acceptThreshold: provider.acceptThreshold,
    ...(provider.roleThresholds ? { roleThresholds: provider.roleThresholds } : {}),
    readsText: provider.readsText,
    readCells(cells, options) {
      keep(cells);
      return provider.readCells(cells, options);
    },
  };
}

function argmax(row: Float32Array): number {
  let best = 0;
  for (let c = 1; c < row.length; c++) if (row[c] > row[best]) best = c;
  return best;
}

/** Accumulates graded glyphs photo by photo; only the wrong ones are kept. */
export class PhotoGlyphTally {
  private writtenCells = 0;
  private labelledCells = 0;
  private writtenDigits = 0;
  private glyphs = 0;
  private wrong = 0;
  private readonly digits = new Map<number, { glyphs: number; wrong: number }>();
  private readonly sizes = new Map<string, { glyphs: number; wrong: number }>();
  private readonly wrongGlyphs: WrongGlyph[] = [];

  constructor(private readonly classify: GlyphClassifier) {}

  /**
   * Grades the written digit cells among `crops` (the last crop of each cell id counts) against
   * what the scene wrote; `size`: the photo's size, to count its glyphs under.
   */
  async add(crops: readonly CellImage[], written: readonly WrittenField[], seed: number, size?: string): Promise<void> {
    const byId = new Map(crops.map((c) => [c.id, c]));
    const images: Float32Array[] = [];
    const graded: Omit<WrongGlyph, 'read'>[] = [];
    for (const w of written) {
      if (w.content !== 'digits' || w.digits.length === 0) continue;
      const crop = byId.get(`${w.row}.${w.field}`);
      if (!crop || crop.content !== 'digits') continue;
      this.writtenCells++;
      this.writtenDigits += w.digits.length;
      const labelled = labelledWrittenGlyphs(crop, w.digits);
      if (labelled.length === 0) continue;
      this.labelledCells++;
      labelled.forEach((g, position) => {
        images.push(g.image);
        graded.push({ seed, field: `${w.row}.${w.field}`, digit: g.label, item: w.items[position] });
      });
    }
    if (images.length === 0) return;
    const logits = await this.classify(images);
    let bySize: { glyphs: number; wrong: number } | undefined;
    if (size !== undefined) {
      bySize = this.sizes.get(size) ?? { glyphs: 0, wrong: 0 };
      this.sizes.set(size, bySize);
    }
    graded.forEach((g, k) => {
      const read = argmax(logits[k]);
      const d = this.digits.get(g.digit) ?? { glyphs: 0, wrong: 0 };
      this.digits.set(g.digit, d);
      const right = read === g.digit;
      for (const t of bySize ? [d, bySize] : [d]) {
        t.glyphs++;
        if (!right) t.wrong++;
      }
      this.glyphs++;
      if (right) return;
      this.wrong++;
      this.wrongGlyphs.push({ ...g, read });
    });
  }

  summary(): PhotoGlyphSummary {
    const right = this.glyphs - this.wrong;
    return {
      writtenCells: this.writtenCells,
      labelledCells: this.labelledCells,
      writtenDigits: this.writtenDigits,
      glyphs: this.glyphs,
      wrong: this.wrong,
      accuracy: this.glyphs ? right / this.glyphs : Number.NaN,
      accuracyOfWritten: this.writtenDigits ? right / this.writtenDigits : Number.NaN,
      byDigit: Object.fromEntries([...this.digits.entries()].sort((a, b) => a[0] - b[0]).map(([digit, d]) => [String(digit), { ...d }])),
      bySize: Object.fromEntries([...this.sizes.entries()].map(([size, d]) => [size, { ...d }])),
      wrongGlyphs: this.wrongGlyphs.map((g) => ({ ...g })),
    };
  }
}
