import type { CellRaster } from '@caddie/handwriting';
import {
  OBSCURED_BELOW,
  borderProfile,
  obscuredFields,
  printedBorderVisibility,
  typicalLineDepth,
  type CropBorder,
  type FieldBorderVisibility,
} from './cell-visibility';

const WIDTH = 140;
const HEIGHT = 100;
/** Where a 10 px crop margin puts the box's edges. */
const BORDER: CropBorder = { left: 10, top: 10, right: 130, bottom: 90 };

/** A cell crop: paper, its printed border as 3 px lines (grey level `line`). */
function cellCrop(line = 40, paper = 236): CellRaster {
  const data = new Uint8Array(WIDTH * HEIGHT).fill(paper);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const onRow = Math.abs(y - BORDER.top) < 1.5 || Math.abs(y - BORDER.bottom) < 1.5;
      const onColumn = Math.abs(x - BORDER.left) < 1.5 || Math.abs(x - BORDER.right) < 1.5;
      if (onRow || onColumn) data[y * WIDTH + x] = line;
    }
  }
  return { data, width: WIDTH, height: HEIGHT };
}

/** Paints a flat, slightly textured occluder (skin, a phone) over the crop from column `x0` and row `y0` on. */
function covered(raster: CellRaster, x0: number, level: number, y0 = 0): CellRaster {
  const data = Uint8Array.from(raster.data);
  for (let y = y0; y < raster.height; y++) for (let x = x0; x < raster.width; x++) data[y * raster.width + x] = level + ((x * 7 + y * 13) % 9) - 4;
  return { ...raster, data };
}

const ALL = ['top', 'bottom', 'left', 'right'] as const;

describe('printedBorderVisibility', () => {
  it('sees the whole printed border of a cell, faint lines of a blurred photo included', () => {
    expect(printedBorderVisibility(cellCrop(), BORDER, ALL)).toBe(1);
    expect(printedBorderVisibility(cellCrop(200), BORDER, ALL)).toBe(1);
  });

  it('finds lines a few pixels from where the crop puts them (registration error)', () => {
    const shifted = { left: BORDER.left + 3, top: BORDER.top - 3, right: BORDER.right + 3, bottom: BORDER.bottom - 3 };
    expect(printedBorderVisibility(cellCrop(), shifted, ALL)).toBe(1);
  });

  it('sees no border on open paper, under a finger or under a textured phone', () => {
    const blank: CellRaster = { width: WIDTH, height: HEIGHT, data: new Uint8Array(WIDTH * HEIGHT).fill(236) };
    expect(printedBorderVisibility(blank, BORDER, ALL)).toBe(0);
    expect(printedBorderVisibility(covered(cellCrop(), 0, 150), BORDER, ALL)).toBe(0);
    expect(printedBorderVisibility(covered(cellCrop(), 0, 40), BORDER, ALL)).toBe(0);
  });

  it('sees the border of a dim photo', () => {
    const dim = cellCrop(30, 80);
    expect(printedBorderVisibility(dim, BORDER, ALL)).toBe(1);
  });

  it('measures the share of the border a partial cover leaves, below the obscured bound from half covered on', () => {
    const half = printedBorderVisibility(covered(cellCrop(), WIDTH / 2, 150), BORDER, ALL);
    expect(half).toBeGreaterThan(0.4);
    expect(half).toBeLessThan(OBSCURED_BELOW);
    // A fingertip over the bottom right corner only.
    const edge = printedBorderVisibility(covered(cellCrop(), 110, 150, 70), BORDER, ALL);
    expect(edge).toBeGreaterThan(OBSCURED_BELOW);
    expect(edge).toBeLessThan(1);
  });

  it('sees the faint rules of a soft page against the depth the page shows, never a cover on it', () => {
    // A small blurred photo: rules 20 levels under paper at 235, less than the paper share asks.
    const faint = cellCrop(215, 235);
    expect(printedBorderVisibility(faint, BORDER, ALL)).toBe(0);
    const pageDepth = typicalLineDepth(Array.from({ length: 5 }, () => borderProfile(faint, BORDER, ALL)));
    expect(pageDepth).toBeCloseTo(20, 0);
    expect(printedBorderVisibility(faint, BORDER, ALL, pageDepth)).toBe(1);
    // A thumb or a phone on that page still hides its border, wholly or in part.
    expect(printedBorderVisibility(covered(faint, 0, 150), BORDER, ALL, pageDepth)).toBe(0);
    expect(printedBorderVisibility(covered(faint, 0, 40), BORDER, ALL, pageDepth)).toBe(0);
    expect(printedBorderVisibility(covered(faint, WIDTH / 2, 150), BORDER, ALL, pageDepth)).toBeLessThan(OBSCURED_BELOW);
    // Open paper shows no line however faint the page is.
    const blank: CellRaster = { width: WIDTH, height: HEIGHT, data: new Uint8Array(WIDTH * HEIGHT).fill(235) };
    expect(printedBorderVisibility(blank, BORDER, ALL, pageDepth)).toBe(0);
  });

  it('keeps the paper share on a sharp page: a deep typical line does not raise the bar', () => {
    expect(printedBorderVisibility(cellCrop(200), BORDER, ALL, 196)).toBe(1);
  });

  it('counts only the sides it is given (a supplemental field has no printed top)', () => {
    const noTop = cellCrop();
    for (let x = 0; x < WIDTH; x++) for (let y = BORDER.top - 2; y <= BORDER.top + 2; y++) noTop.data[y * WIDTH + x] = 236;
    expect(printedBorderVisibility(noTop, BORDER, ALL)).toBeLessThan(0.8);
    expect(printedBorderVisibility(noTop, BORDER, ['bottom', 'left', 'right'])).toBe(1);
  });
});

describe('obscuredFields', () => {
  const ROWS = ['top', 'bottom'] as const;
  /** A page's 18 hole cells with the given visibilities (the rest 1), and its totals row. */
  function page(holes: Record<number, number>, base = 1): FieldBorderVisibility[] {
    const cells = Array.from({ length: 18 }, (_, k) => ({ id: `hole-${k + 1}.score`, sides: ALL, borderVisible: holes[k + 1] ?? base }));
    return [...cells, { id: 'totals.score', sides: ROWS, borderVisible: 1 }];
  }

  it('flags a field under a cover on a sharp page, as OBSCURED_BELOW alone did', () => {
    expect([...obscuredFields(page({ 3: 0.1, 4: 0.62, 5: 0.79 }))].sort()).toEqual(['hole-3.score', 'hole-4.score', 'hole-5.score']);
    expect(obscuredFields(page({ 6: 0.81 })).size).toBe(0);
  });

  it('does not flag the fields of a soft page whose thin rules faded everywhere, only the one clearly worse than the rest', () => {
    // A blurred small photo: every hole cell shows about half its border (one side's rules faded).
    const soft = page({ 7: 0.3, 8: 0.41 }, 0.55);
    expect([...obscuredFields(soft)].sort()).toEqual(['hole-7.score', 'hole-8.score']);
    expect(obscuredFields(page({}, 0.55)).size).toBe(0);
  });

  it('flags a nearly hidden border whatever the page shows: a cover over most of the grid lowers the reference', () => {
    const phone = page(Object.fromEntries(Array.from({ length: 15 }, (_, k) => [k + 1, 0.05 * (k % 6)])));
    const flagged = obscuredFields(phone);
    for (let k = 1; k <= 15; k++) expect(flagged.has(`hole-${k}.score`)).toBe(true);
    expect(flagged.has('hole-16.score')).toBe(false);
  });

  it('compares a field only with fields of the same printed sides, and needs enough of them', () => {
    // The totals row has no reference of its own (one field): the absolute bound applies.
    const fields = [...page({}, 0.55), { id: 'totals.putts', sides: ROWS, borderVisible: 0.6 }];
    expect([...obscuredFields(fields)]).toEqual(['totals.putts']);
  });
});
