import {
  FAINT_WRITING_EXTENT,
  FIELD_INVALID_ODDS,
  WHOLE_GROUP_NOT_A_DIGIT_ODDS,
  blankCertainty,
  decideDigitCell,
  decideTextCell,
  faintBesideCertainty,
} from './cell-reading';
import type { CellSegmentation, GlyphCandidate } from './cell-segmentation';
import { NOT_A_DIGIT } from './glyph-classes';

function glyph(x0: number, height = 40, width = 20, whole = true): GlyphCandidate {
  return { pixels: new Int32Array([0]), x0, y0: 10, x1: x0 + width, y1: 10 + height, whole };
}

function segmentation(glyphs: GlyphCandidate[], hypotheses: CellSegmentation['hypotheses'], strayInk = 0, faintInk = 0, faintBeside = 0): CellSegmentation {
  return {
    width: 120,
    height: 80,
    box: { left: 8, top: 8, right: 112, bottom: 72 },
    ink: new Uint8Array(120 * 80),
    glyphs,
    hypotheses,
    strayInk,
    faintInk,
    faintBeside,
    strokePieces: 0,
    folds: [],
    foldCrossings: 0,
    foldHidInk: false,
  };
}

/** Class probabilities with `p` on one class and the rest spread evenly. */
function probabilities(cls: number, p: number): Float64Array {
  const out = new Float64Array(11).fill((1 - p) / 10);
  out[cls] = p;
  return out;
}

describe('decideDigitCell', () => {
  it('reads a cell without writing as blank, less surely as ignored specks or faint marks grow', () => {
    const clean = decideDigitCell(segmentation([], [], 0), [], 2);
    expect(clean).toEqual({ blank: true, literal: null, confidence: blankCertainty({ strayInk: 0, faintInk: 0, strokePieces: 0 }), alternatives: [] });
    expect(clean.confidence).toBeGreaterThan(0.999);
    expect(decideDigitCell(segmentation([], [], 0.95), [], 2).confidence).toBeLessThan(clean.confidence);
    const faint = decideDigitCell(segmentation([], [], 0, 0.2), [], 2);
    expect(faint.blank).toBe(true);
    expect(faint.confidence).toBeLessThan(clean.confidence);
    expect(faint.confidence).toBeGreaterThan(0.5);
  });

  it('gives no blank certainty to a cell whose faint mark is as large as writing (a light pencil entry)', () => {
    expect(blankCertainty({ strayInk: 0, faintInk: FAINT_WRITING_EXTENT - 0.01, strokePieces: 0 })).toBeGreaterThan(0.5);
    for (const faintInk of [FAINT_WRITING_EXTENT, 0.7]) {
      expect(decideDigitCell(segmentation([], [], 0, faintInk), [], 2)).toEqual({ blank: true, literal: null, confidence: 0, alternatives: [] });
      expect(decideTextCell(segmentation([], [], 0, faintInk)).confidence).toBe(0);
    }
  });

  it('multiplies glyph probabilities and offers the next combinations as alternatives', () => {
    // Two pieces of a split (a whole group's "not a digit" odds would be shifted first).
    const seg = segmentation([glyph(10, 40, 20, false), glyph(40, 40, 20, false)], [{ glyphs: [0, 1], prior: 1 }]);
    const reading = decideDigitCell(seg, [probabilities(1, 0.9), probabilities(2, 0.8)], 2);
    expect(reading.blank).toBe(false);
    expect(reading.literal).toBe('12');
    // 0.9 x 0.8, conditioned on a valid number: "0" then a digit (0.01 x 0.98) is not one.
    expect(reading.confidence).toBeCloseTo(0.72 / (1 - (1 - FIELD_INVALID_ODDS) * 0.01 * 0.98), 6);
    expect(reading.alternatives.length).toBeGreaterThan(0);
    expect(reading.alternatives[0].confidence).toBeLessThan(reading.confidence);
    expect(reading.alternatives.map((a) => a.literal)).not.toContain('12');
  });

  it('drops glyphs read as "not a digit" (a smudge beside a digit)', () => {
    const seg = segmentation([glyph(10), glyph(60, 12, 12)], [{ glyphs: [0, 1], prior: 1 }]);
    const reading = decideDigitCell(seg, [probabilities(4, 0.99), probabilities(NOT_A_DIGIT, 0.99)], 2);
    expect(reading.literal).toBe('4');
    // The 4 is a writing-sized whole group: its 0.001 of "not a digit" is shifted first (the
    // last decimals move with the leading-zero pairs' 1e-5 given back).
    expect(reading.confidence).toBeCloseTo((0.99 / (0.999 + 0.001 * WHOLE_GROUP_NOT_A_DIGIT_ODDS)) * 0.99, 4);
  });

  it('reads blank when every mark is a small "not a digit"', () => {
    const seg = segmentation([glyph(10, 12, 12)], [{ glyphs: [0], prior: 1 }]);
    const reading = decideDigitCell(seg, [probabilities(NOT_A_DIGIT, 0.97)], 2);
    expect(reading).toMatchObject({ blank: true, literal: null });
    expect(reading.confidence).toBeCloseTo(0.97, 6);
  });

  it('calls a writing-sized mark that is no digit unreadable, not blank (a scribble goes to review)', () => {
    const seg = segmentation([glyph(10, 40, 30)], [{ glyphs: [0], prior: 1 }]);
    const reading = decideDigitCell(seg, [probabilities(NOT_A_DIGIT, 0.97)], 2);
    expect(reading.confidence).toBeLessThan(0.05);
  });

  it('gives no probability to numbers longer than maxDigits or with a leading zero', () => {
    const seg = segmentation([glyph(10), glyph(40)], [{ glyphs: [0, 1], prior: 1 }]);
    const oneDigit = decideDigitCell(seg, [probabilities(3, 0.95), probabilities(5, 0.95)], 1);
    expect(oneDigit.confidence).toBeLessThan(0.1);
    const leadingZero = decideDigitCell(seg, [probabilities(0, 0.95), probabilities(5, 0.95)], 2);
    expect(leadingZero.literal).not.toBe('05');
    expect(leadingZero.confidence).toBeLessThan(0.1);
  });

  describe('conditioned on the field (maxDigits, range)', () => {
    // A 4 whose crossbar may be a second glyph: whole (prior 0.6) or cut into "4" and a "6"-like piece (0.4).
    const split = segmentation(
      [glyph(10, 40, 30), glyph(10, 40, 15, false), glyph(25, 40, 15, false)],
      [
        { glyphs: [0], prior: 0.6 },
        { glyphs: [1, 2], prior: 0.4 },
      ],
    );
    const glyphs = [probabilities(4, 0.98), probabilities(4, 0.98), probabilities(6, 0.98)];

    it("gives an impossible hole score's mass back to what the field can hold", () => {
      const free = decideDigitCell(split, glyphs, 2);
      expect(free.literal).toBe('4');
      expect(free.alternatives[0].literal).toBe('46');
      const hole = decideDigitCell(split, glyphs, 2, { min: 1, max: 20 });
      expect(hole.literal).toBe('4');
      expect(hole.alternatives.map((a) => a.literal)).not.toContain('46');
      // The mass of the literals out of 1..20 keeps FIELD_INVALID_ODDS of itself, as doubt.
      const invalid = free.alternatives.filter((a) => Number(a.literal) > 20).reduce((sum, a) => sum + a.confidence, 0);
      expect(hole.confidence).toBeGreaterThan(free.confidence / (1 - (1 - FIELD_INVALID_ODDS) * invalid) - 1e-9);
      expect(hole.confidence).toBeGreaterThan(0.9);
      // A field that can hold every two-digit number (0..99) reads as with no range.
      expect(decideDigitCell(split, glyphs, 2, { min: 0, max: 99 }).confidence).toBeCloseTo(free.confidence, 9);
    });

    it('does not make a faint valid reading sure when the ink clearly reads as an impossible number', () => {
      const pair = segmentation([glyph(10), glyph(40)], [{ glyphs: [0, 1], prior: 1 }]);
      const hole = decideDigitCell(pair, [probabilities(4, 0.99), probabilities(6, 0.99)], 2, { min: 1, max: 20 });
      // "46" holds 0.98 of the mass; the best number 1..20 ("16", "14"...) stays far below any threshold.
      expect(hole.literal).not.toBe('46');
      expect(hole.confidence).toBeLessThan(0.1);
    });
  });

  it('weighs segmentation hypotheses by how digit-like their glyphs are', () => {
    // Glyph 0 is a whole touching pair (the classifier says "not a digit"); 1 and 2 are its halves.
    const seg = segmentation(
      [glyph(10, 40, 40), glyph(10, 40, 20, false), glyph(30, 40, 20, false)],
      [
        { glyphs: [0], prior: 0.5 },
        { glyphs: [1, 2], prior: 0.5 },
      ],
    );
    const reading = decideDigitCell(seg, [probabilities(NOT_A_DIGIT, 0.99), probabilities(1, 0.98), probabilities(3, 0.98)], 2);
    expect(reading.literal).toBe('13');
    // The whole group, read as no digit, keeps almost no weight: the reading is the split's,
    // 0.98 x 0.98 conditioned on a valid number (a leading "0", 0.002 x 0.998, is not one).
    expect(reading.confidence).toBeCloseTo((0.98 * 0.98) / (1 - (1 - FIELD_INVALID_ODDS) * 0.002 * 0.998), 4);
  });
});

describe('decideDigitCell and the evidence of the pieces', () => {
  // A 5 with a long flag: wide enough that geometry alone calls it two digits (prior 0.99), but
  // the cut leaves a 5 and a flag the network calls "not a digit", while the whole reads as a 5.
  const wideFive = segmentation(
    [glyph(10, 40, 60), glyph(10, 40, 30, false), glyph(40, 40, 30, false)],
    [
      { glyphs: [1, 2], prior: 0.99 },
      { glyphs: [0], prior: 0.01 },
    ],
  );
  const five = (): Float64Array => {
    const p = new Float64Array(11).fill(0.0005 / 10);
    p[5] = 0.9995;
    return p;
  };

  it('lets the network overrule a width-only split prior when a piece is clearly no digit', () => {
    const reading = decideDigitCell(wideFive, [five(), five(), probabilities(NOT_A_DIGIT, 0.93)], 2, { min: 1, max: 20 });
    expect(reading.literal).toBe('5');
    // With the prior and the evidence weighed alike, the split kept 87% of the weight and the cell read 5 at 0.13.
    expect(reading.confidence).toBeGreaterThan(0.97);
  });

  it('still follows the split when both pieces read as digits', () => {
    const reading = decideDigitCell(wideFive, [probabilities(NOT_A_DIGIT, 0.9), five(), probabilities(3, 0.97)], 2);
    expect(reading.literal).toBe('53');
  });
});

describe('decideDigitCell and a faint mark beside the writing', () => {
  it('doubts a reading when a mark too faint to count as ink lies apart from it (a pale 4 beside a bold 8)', () => {
    const hypotheses = [{ glyphs: [0], prior: 1 }];
    const alone = decideDigitCell(segmentation([glyph(60)], hypotheses), [probabilities(8, 0.999)], 2);
    const beside = decideDigitCell(segmentation([glyph(60)], hypotheses, 0, 0, 0.5), [probabilities(8, 0.999)], 2);
    expect(alone.confidence).toBeGreaterThan(0.99);
    expect(beside.literal).toBe('8');
    expect(beside.confidence).toBeCloseTo(alone.confidence * faintBesideCertainty({ faintBeside: 0.5 }), 9);
    expect(beside.confidence).toBeLessThan(0.6);
    // Small faint specks (below a tenth of the cell height) raise no doubt.
    expect(faintBesideCertainty({ faintBeside: 0.1 })).toBe(1);
  });
});

describe('decideDigitCell and "not a digit"', () => {
  // A clean 1 as the network sees it: the 1% left on "not a digit" comes from pieces of other digits that look like 1s.
  const cleanOne = (): Float64Array => {
    const p = new Float64Array(11).fill(0.002 / 9);
    p[1] = 0.99;
    p[NOT_A_DIGIT] = 0.008;
    return p;
  };

  it('shifts a writing-sized whole group to the "not a digit" odds of whole groups, so a clean 1 is sure', () => {
    const reading = decideDigitCell(segmentation([glyph(10)], [{ glyphs: [0], prior: 1 }]), [cleanOne()], 2);
    const expected = 0.99 / (0.99 + 0.002 + 0.008 * WHOLE_GROUP_NOT_A_DIGIT_ODDS);
    expect(reading.literal).toBe('1');
    expect(reading.confidence).toBeCloseTo(expected, 6);
    expect(reading.confidence).toBeGreaterThan(0.995);
  });

  it("keeps the network's odds for a piece a split cut (it may be a fragment)", () => {
    const reading = decideDigitCell(segmentation([glyph(10, 40, 20, false)], [{ glyphs: [0], prior: 1 }]), [cleanOne()], 2);
    expect(reading.literal).toBe('1');
    expect(reading.confidence).toBeCloseTo(0.99, 6);
  });
});

describe('decideTextCell', () => {
  it('only says whether something is written', () => {
    expect(decideTextCell(segmentation([], []))).toMatchObject({ blank: true, literal: null });
    const written = decideTextCell(segmentation([glyph(10, 50)], [{ glyphs: [0], prior: 1 }]));
    expect(written).toMatchObject({ blank: false, literal: null, alternatives: [] });
    expect(written.confidence).toBeGreaterThan(0.9);
  });
});
