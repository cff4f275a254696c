import { labelCandidate, ownedPixelCounts, SeededRandom, synthesizeDigitCell, type CellSynthesisOptions } from '@caddie/synthesis';
import type { CellRaster } from '../provider';
import { blankCertainty, decideDigitCell } from './cell-reading';
import { segmentCell } from './cell-segmentation';
import { NOT_A_DIGIT } from './glyph-classes';

/** What the geometrically most likely hypothesis spells, by the true owner of each glyph's ink. */
function bestHypothesisSpells(seed: number, options: CellSynthesisOptions): { truth: string; spelled: string; anySpells: boolean } {
  const cell = synthesizeDigitCell(seed, options);
  const segmentation = segmentCell(cell.cell.image, cell.cell.maxDigits!);
  const owned = ownedPixelCounts(cell);
  const labels = segmentation.glyphs.map((g) => labelCandidate(g, cell, owned));
  const spell = (glyphs: number[]) =>
    glyphs
      .map((g) => labels[g])
      .filter((l) => l !== NOT_A_DIGIT && l !== null)
      .join('');
  const spellings = segmentation.hypotheses.map((h) => spell(h.glyphs));
  const truth = cell.literal ?? '';
  return { truth, spelled: spellings[0] ?? '', anySpells: spellings.length === 0 ? truth === '' : spellings.includes(truth) };
}

/** Paper with a printed cell border (2 px lines) 10 px inside the crop, plus mild noise. */
function borderedCell(width: number, height: number, seed = 1): CellRaster {
  const random = new SeededRandom(seed);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const line = y === 10 || y === 11 || y === height - 11 || y === height - 12 || x === 10 || x === 11 || x === width - 11 || x === width - 12;
      data[y * width + x] = Math.max(0, Math.min(255, Math.round((line ? 40 : 235) + random.gaussian(3))));
    }
  }
  return { data, width, height };
}

/** Fills the rectangle [x0, x1) x [y0, y1) of a raster with one grey level. */
function paint(raster: CellRaster, x0: number, x1: number, y0: number, y1: number, value: number): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) raster.data[y * raster.width + x] = value;
}

/** A 0 as a 4 px thick ring over [x0, x0 + 24) x [25, 64). */
function zero(raster: CellRaster, x0: number): void {
  paint(raster, x0, x0 + 24, 25, 29, 30);
  paint(raster, x0, x0 + 24, 60, 64, 30);
  paint(raster, x0, x0 + 4, 25, 64, 30);
  paint(raster, x0 + 20, x0 + 24, 25, 64, 30);
}

describe('segmentCell', () => {
  it('finds no writing in blank cells with printed borders, and locates the border', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const cell = synthesizeDigitCell(seed, { range: 'training', literal: '', blankMark: 'clean' });
      const segmentation = segmentCell(cell.cell.image, cell.cell.maxDigits!);
      expect(segmentation.hypotheses).toEqual([]);
      expect(Math.abs(segmentation.box.top - cell.box.top)).toBeLessThan(2.5);
      expect(Math.abs(segmentation.box.left - cell.box.left)).toBeLessThan(2.5);
      expect(Math.abs(segmentation.box.bottom - cell.box.bottom)).toBeLessThan(2.5);
      expect(Math.abs(segmentation.box.right - cell.box.right)).toBeLessThan(2.5);
    }
  });

  it('measures a faint mark that lies apart from the writing, and not the faint edge of the writing itself', () => {
    const raster = borderedCell(160, 90);
    paint(raster, 40, 44, 25, 65, 30); // a bold 1
    paint(raster, 44, 46, 25, 65, 214); // its faint edge
    expect(segmentCell(raster, 2).faintBeside).toBe(0);
    // A pale ring (21 grey levels under the paper, too light for ink) to the right.
    paint(raster, 90, 116, 28, 31, 214);
    paint(raster, 90, 116, 59, 62, 214);
    paint(raster, 90, 93, 28, 62, 214);
    paint(raster, 113, 116, 28, 62, 214);
    const segmentation = segmentCell(raster, 2);
    expect(segmentation.hypotheses).toHaveLength(1);
    expect(segmentation.glyphs).toHaveLength(1);
    expect(segmentation.faintBeside).toBeGreaterThan(0.4);
  });

  it('takes the stub of a printed line meeting the border from outside for no writing, but keeps a stroke that crosses it', () => {
    const raster = borderedCell(120, 90);
    // A printed rule of the row below meets the bottom border (rows 78-79) and pokes 6 px into the cell.
    paint(raster, 60, 62, 72, 85, 40);
    const stub = segmentCell(raster, 2);
    expect(stub.hypotheses).toEqual([]);
    expect(stub.strayInk).toBeLessThan(0.75);
    // A written stroke running down across the same border is writing.
    paint(raster, 80, 83, 55, 85, 40);
    const stroke = segmentCell(raster, 2);
    expect(stroke.hypotheses).toHaveLength(1);
    expect(stroke.glyphs[0].x0).toBeGreaterThanOrEqual(79);
  });

  it('removes the printed lines from the ink', () => {
    const raster = borderedCell(120, 90);
    const segmentation = segmentCell(raster, 2);
    expect(segmentation.ink.reduce((a, b) => a + b, 0)).toBe(0);
    expect(segmentation.box).toEqual({ top: 10.5, bottom: 78.5, left: 10.5, right: 108.5 });
  });

  it('keeps a stroke that crosses a border line as one glyph, up to 3 px past the line', () => {
    const raster = borderedCell(120, 90);
    paint(raster, 58, 61, 3, 60, 30);
    const segmentation = segmentCell(raster, 2);
    expect(segmentation.hypotheses).toHaveLength(1);
    const [glyph] = segmentation.glyphs;
    // The top line's centre is row 10.5: rows 8 and 9 are kept with the line's own, rows 3..7 not.
    expect(segmentation.box.top).toBe(10.5);
    expect(glyph.y0).toBe(8);
    expect(glyph.y1).toBeGreaterThanOrEqual(60);
    expect(glyph.x1 - glyph.x0).toBeLessThanOrEqual(6);
  });

  it("leaves out what joined the writing from beyond the border: the neighbour's digit touching the line over a 1", () => {
    const raster = borderedCell(120, 90);
    // A 1 standing under the top line (rows 10..11), and the foot of the digit above (a 2's
    // stem coming down to the line right over the 1, its base drawn left in rows 1..4): the
    // line joins them into a 7-like glyph.
    paint(raster, 58, 61, 12, 60, 30);
    paint(raster, 58, 61, 1, 10, 30);
    paint(raster, 44, 61, 1, 5, 30);
    const segmentation = segmentCell(raster, 2);
    expect(segmentation.hypotheses).toHaveLength(1);
    expect(segmentation.box.top).toBe(10.5);
    const [glyph] = segmentation.glyphs;
    // Kept: the 1 and the 3 px past the line's centre (rows 8..); the foot's base is left out.
    expect(glyph.y0).toBe(8);
    expect(glyph.x0).toBeGreaterThanOrEqual(57);
  });

  it("joins a 5's flag written apart and drawn out past the body, but not a bar that starts past it", () => {
    /** A 5's body (stem, bowl) at x 40..64, y 25..64, and a flat bar over its top from x `barFrom` to 85. */
    const five = (barFrom: number): CellRaster => {
      const raster = borderedCell(120, 90);
      paint(raster, 40, 44, 25, 45, 30);
      paint(raster, 40, 64, 43, 47, 30);
      paint(raster, 60, 64, 45, 62, 30);
      paint(raster, 40, 64, 60, 64, 30);
      paint(raster, barFrom, barFrom + 38, 26, 30, 30);
      return raster;
    };
    const wholes = (raster: CellRaster) => segmentCell(raster, 2).glyphs.filter((g) => g.whole);
    // The flag starts over the body (past its stem, not touching it) and ends past it: one glyph.
    const [joined, ...more] = wholes(five(47));
    expect(more).toEqual([]);
    expect([joined.x0, joined.x1, joined.y0, joined.y1]).toEqual([40, 85, 25, 64]);
    // The same bar starting past the body is a mark of its own (a following digit's bar).
    expect(wholes(five(68)).map((g) => [g.x0, g.x1])).toEqual([
      [40, 64],
      [68, 106],
    ]);
  });

  it("cuts a wide group only into pieces of a digit's height: two touching digits, not a 5 with its flag drawn out", () => {
    const touching = borderedCell(160, 90);
    zero(touching, 40);
    zero(touching, 68);
    paint(touching, 64, 68, 43, 47, 30);
    const pair = segmentCell(touching, 2);
    const split = pair.hypotheses.find((h) => h.glyphs.length === 2);
    expect(split).toBeDefined();
    expect(split!.glyphs.map((k) => [pair.glyphs[k].x0, pair.glyphs[k].x1, pair.glyphs[k].whole])).toEqual([
      [40, 66, false],
      [66, 92, false],
    ]);

    // A 5 whose flag, joined to the stem, runs far past the body: as wide as the pair, but a cut
    // would leave the flat flag as one piece and a 3-like body as the other.
    const five = borderedCell(160, 90);
    paint(five, 40, 44, 25, 45, 30);
    paint(five, 40, 64, 43, 47, 30);
    paint(five, 60, 64, 45, 62, 30);
    paint(five, 40, 64, 60, 64, 30);
    paint(five, 40, 100, 25, 29, 30);
    const flagged = segmentCell(five, 2);
    expect(flagged.glyphs.map((g) => [g.x0, g.x1, g.whole])).toEqual([[40, 100, true]]);
    expect(flagged.hypotheses).toEqual([{ glyphs: [0], prior: expect.any(Number) }]);
  });

  it('joins a flat piece of stroke broken off beside a digit, but not a short 1 written close to a 0', () => {
    const wholes = (raster: CellRaster) =>
      segmentCell(raster, 3)
        .glyphs.filter((g) => g.whole)
        .map((g) => [g.x0, g.x1]);
    // A body and, 2 px to its left within its height, a flat dash (a 3's tail the pen skipped).
    const broken = borderedCell(160, 90);
    zero(broken, 50);
    paint(broken, 38, 48, 58, 61, 30);
    expect(wholes(broken)).toEqual([[38, 74]]);
    // An upright stroke as near and as short is a 1 of its own.
    const ten = borderedCell(160, 90);
    zero(ten, 60);
    paint(ten, 52, 56, 40, 64, 30);
    expect(wholes(ten)).toEqual([
      [52, 56],
      [60, 84],
    ]);
  });

  it('ignores a speck but reports it as stray ink', () => {
    const raster = borderedCell(120, 90);
    paint(raster, 50, 53, 40, 43, 40);
    const segmentation = segmentCell(raster, 2);
    expect(segmentation.hypotheses).toEqual([]);
    expect(segmentation.strayInk).toBeGreaterThan(0.1);
  });

  it('drops ink of a neighbouring cell that stays outside the border', () => {
    const raster = borderedCell(120, 90);
    paint(raster, 1, 6, 30, 60, 30);
    expect(segmentCell(raster, 2).hypotheses).toEqual([]);
  });

  it.each([
    ['one digit', 'putts' as const, 0.97],
    ['one or two digits', 'score' as const, 0.93],
    ['two or three digits', 'total' as const, 0.88],
  ])('segments %s into its true glyphs (geometric best guess, synthesized cells)', (_what, kind, floor) => {
    let best = 0;
    let any = 0;
    const count = 60;
    for (let seed = 0; seed < count; seed++) {
      const result = bestHypothesisSpells(7_000 + seed, { range: 'training', kind, blankRate: 0 });
      expect(result.truth).not.toBe('');
      if (result.spelled === result.truth) best++;
      if (result.anySpells) any++;
    }
    expect(any / count).toBeGreaterThanOrEqual(floor);
    expect(best / count).toBeGreaterThanOrEqual(floor - 0.08);
  });

  it('never takes a digit written in broken, thin strokes for a blank: the pieces together are as long as a stroke', () => {
    const raster = borderedCell(120, 90);
    // A 7 in 5 px dashes 2 px thick, 4 px apart, 30 grey levels under the paper: each piece is
    // a speck, too small to count as writing or as a faint mark as large as writing.
    for (let x = 40; x < 80; x += 9) paint(raster, x, x + 5, 26, 28, 205);
    for (let k = 0; k < 5; k++) paint(raster, 74 - 6 * k, 76 - 6 * k, 32 + 8 * k, 37 + 8 * k, 205);
    const segmentation = segmentCell(raster, 2);
    expect(segmentation.hypotheses).toEqual([]);
    // What the reader had before: no faint mark as large as writing, so a blank it was sure of.
    expect(segmentation.faintInk).toBeLessThan(0.3);
    expect(blankCertainty({ ...segmentation, strokePieces: 0 })).toBeGreaterThan(0.5);
    expect(segmentation.strokePieces).toBeGreaterThanOrEqual(0.3);
    expect(decideDigitCell(segmentation, [], 2)).toMatchObject({ blank: true, confidence: 0 });
    // The paper alone holds no stroke.
    expect(segmentCell(borderedCell(120, 90), 2).strokePieces).toBeLessThan(0.1);
  });

  it('takes a fold crossing the cell and its margins out of the ink, and keeps the digit it crosses', () => {
    // A crease 2 px wide, 45 grey levels under the paper, top to bottom of the crop, with its shade beside it.
    const crease = (raster: CellRaster, x: number) => {
      paint(raster, x, x + 2, 0, raster.height, 190);
      paint(raster, x + 2, x + 6, 0, raster.height, 222);
    };
    const folded = borderedCell(120, 90);
    crease(folded, 70);
    const blank = segmentCell(folded, 2);
    expect(blank.folds).toHaveLength(1);
    expect(blank.hypotheses).toEqual([]);
    expect(blank.strokePieces).toBeLessThan(0.3);
    expect(decideDigitCell(blank, [], 2).blank).toBe(true);
    // A dark 0 the crease runs through keeps its ring: one glyph, as wide as the 0.
    const written = borderedCell(120, 90);
    crease(written, 70);
    zero(written, 60);
    const zeroRead = segmentCell(written, 2);
    expect(zeroRead.folds).toHaveLength(1);
    const { x0, x1, y0, y1 } = zeroRead.glyphs[zeroRead.hypotheses[0].glyphs[0]];
    expect({ x0, x1, y0, y1 }).toEqual({ x0: 60, x1: 84, y0: 25, y1: 64 });
    expect(zeroRead.hypotheses.every((h) => h.glyphs.length === 1)).toBe(true);
    expect(blank.foldHidInk).toBe(false);
    // A 1 written along the crease, no darker than it: the fold takes it, and says so.
    const along = borderedCell(120, 90);
    crease(along, 70);
    paint(along, 68, 74, 25, 64, 190);
    const hidden = segmentCell(along, 2);
    expect(hidden.folds).toHaveLength(1);
    expect(hidden.foldHidInk).toBe(true);
    const reading = decideDigitCell(hidden, [], 2);
    expect(reading.blank && reading.confidence > 0).toBe(false);
  });
  it('never takes a soft, faint digit for a blank: long strokes too light for the ink and stroke maps send it to review with a best guess', () => {
    // Light pencil in a soft photo: strokes 7 px wide whose core is 11 grey levels under the
    // paper, the edges fading (photo 1009 of the eval's seed 1001 held such digits 12 to 20
    // levels under a paper one and a half times as grainy). Each is one connected mark.
    const SOFT = [3, 7, 10, 11, 10, 7, 3];
    const vertical = (raster: CellRaster, cx: number, y0: number, y1: number) => {
      for (let y = y0; y < y1; y++) SOFT.forEach((d, k) => (raster.data[y * raster.width + cx + k - 3] -= d));
    };
    const horizontal = (raster: CellRaster, x0: number, x1: number, cy: number) => {
      for (let x = x0; x < x1; x++) SOFT.forEach((d, k) => (raster.data[(cy + k - 3) * raster.width + x] -= d));
    };
    // A 1, a 7 whose bar is broken off its stem, and a 4 in three strokes.
    const one = borderedCell(120, 90, 2);
    vertical(one, 60, 24, 68);
    const seven = borderedCell(120, 90, 3);
    horizontal(seven, 40, 74, 26);
    vertical(seven, 70, 33, 68);
    const four = borderedCell(120, 90, 4);
    vertical(four, 45, 24, 50);
    horizontal(four, 45, 80, 50);
    vertical(four, 70, 30, 68);
    for (const raster of [one, seven, four]) {
      const segmentation = segmentCell(raster, 2);
      expect(segmentation.hypotheses).toEqual([]);
      expect(segmentation.faintInk).toBeLessThan(0.3);
      expect(segmentation.strokePieces).toBeGreaterThanOrEqual(0.3);
      expect(decideDigitCell(segmentation, [], 2)).toMatchObject({ blank: true, confidence: 0 });
      // The reviewer gets a best guess: the soft strokes segmented as writing.
      expect(segmentation.lightWriting?.hypotheses.length).toBeGreaterThan(0);
    }
    // Paper alone, and a thick soft rule along the top (a header's), hold no stroke.
    expect(segmentCell(borderedCell(120, 90, 5), 2).strokePieces).toBeLessThan(0.1);
    const ruled = borderedCell(120, 90, 6);
    for (let y = 8; y < 18; y++) for (let x = 0; x < 120; x++) ruled.data[y * 120 + x] = Math.min(ruled.data[y * 120 + x], y < 14 ? 40 : 40 + (y - 13) * 45);
    expect(segmentCell(ruled, 2).strokePieces).toBeLessThan(0.3);
  });

  it('never reads the shade of a fold running along a border line as a digit', () => {
    // Grey levels across the crop of photo 1145 of the eval's seed 1001 (folded, two blank putts
    // accepted as 1), averaged along the lines: the soft left and right border lines (their
    // centres 10 px inside the crop) and the top line, mirrored for the bottom one.
    const LEFT = [234, 232, 228, 223, 216, 209, 201, 194, 189, 185, 185, 187, 192, 197, 203, 208, 212, 214, 214, 214];
    const RIGHT = [237, 236, 236, 235, 233, 230, 226, 221, 214, 207, 201, 195, 192, 192, 194, 198, 203, 209, 216, 222, 227, 231, 234];
    const TOP = [
      243, 237, 229, 220, 208, 195, 183, 171, 161, 156, 157, 163, 173, 184, 196, 207, 216, 223, 228, 231, 232, 232, 233, 233, 234, 234, 235, 236, 236, 236, 236,
      237, 237, 237, 238, 238,
    ];
    const PAPER = 242;
    /** That cell, with a fold's shade `shade` grey levels deep over columns 16..23 (half that over 13..26), top to bottom. */
    const foldedCell = (shade: number): CellRaster => {
      const random = new SeededRandom(7);
      const [width, height] = [125, 100];
      const data = new Uint8Array(width * height);
      const under = (profile: number[], k: number) => (k >= 0 && k < profile.length ? PAPER - profile[k] : 0);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const fold = x >= 16 && x < 24 ? shade : x >= 13 && x < 27 ? shade / 2 : 0;
          const across = under(TOP, y) + under(TOP, height - 1 - y) + under(RIGHT, x - (width - RIGHT.length));
          data[y * width + x] = Math.max(0, Math.round(PAPER - across - Math.max(under(LEFT, x), fold) + random.gaussian(2)));
        }
      }
      return { data, width, height };
    };
    const sureOne = () => Float64Array.from({ length: 11 }, (_, c) => (c === 1 ? 0.99 : 0.001));
    for (const shade of [20, 25, 30]) {
      const segmentation = segmentCell(foldedCell(shade), 2);
      // Whatever the network would read in the shade (here a sure 1), the cell is no digit.
      const reading = decideDigitCell(segmentation, segmentation.glyphs.map(sureOne), 2);
      expect(reading.blank).toBe(true);
      expect(segmentation.glyphs).toEqual([]);
    }
    // A 1 written beside the shade on clean paper is still read.
    const written = foldedCell(30);
    paint(written, 60, 64, 25, 70, 40);
    const withOne = segmentCell(written, 2);
    expect(withOne.hypotheses).toHaveLength(1);
    expect(withOne.glyphs.map((g) => [g.x0, g.x1])).toEqual([[60, 64]]);
    expect(decideDigitCell(withOne, withOne.glyphs.map(sureOne), 2)).toMatchObject({ blank: false, literal: '1' });
  });
});
