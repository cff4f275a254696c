import { SeededRandom } from '@caddie/synthesis';
import { gaussianBlur } from '../raster-ops';
import type { CellRaster } from '../provider';
import { inkMask, paperLevels, removeBorderLines, type CellBox } from './cell-ink';
import { faintMarkExtent } from './faint-marks';

const WIDTH = 160;
const HEIGHT = 100;
/** The detected border: the faint search starts 4 px inside it (rows 21.., columns 14..). */
const BOX: CellBox = { left: 10, top: 17, right: 150, bottom: 90 };

/** Paper at 235 with mild noise; `paint` darkens chosen pixels to a grey level. */
function paper(paint: (x: number, y: number) => number | undefined): CellRaster {
  const random = new SeededRandom(3);
  const data = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) data[y * WIDTH + x] = Math.max(0, Math.min(255, Math.round((paint(x, y) ?? 235) + random.gaussian(2))));
  }
  return { data, width: WIDTH, height: HEIGHT };
}

/**
 * The edge of a printed rule just outside the search area: a dark row one pixel above it
 * (or a column one pixel left of it), across the whole cell. In the faint map it is a
 * one-pixel sliver along the search area's edge, which is what a thick header rule or a
 * border found a pixel off leaves in photographed cells.
 */
const ruleAbove = (x: number, y: number) => (y === BOX.top + 3 ? 150 : undefined);
const ruleLeft = (x: number, _y: number) => (x === BOX.left + 3 ? 150 : undefined);
/** A light pencil stroke: 3 px wide, 30 grey levels under the paper, half the cell tall. */
const pencil = (x: number, y: number) => (x >= 78 && x <= 80 && y >= 35 && y <= 70 ? 205 : undefined);

describe('faintMarkExtent', () => {
  it('finds nothing on blank paper', () => {
    expect(
      faintMarkExtent(
        paper(() => undefined),
        BOX,
      ),
    ).toBe(0);
  });

  it('does not take the edge of a printed rule for faint writing', () => {
    expect(faintMarkExtent(paper(ruleAbove), BOX)).toBe(0);
    expect(faintMarkExtent(paper(ruleLeft), BOX)).toBe(0);
  });

  it('still finds a light pencil stroke, beside a rule edge too', () => {
    const alone = faintMarkExtent(paper(pencil), BOX);
    // The stroke's 36 rows (spread by the 3x3 mean) against the box's 73-row writing height.
    expect(alone).toBeGreaterThan(0.45);
    expect(
      faintMarkExtent(
        paper((x, y) => pencil(x, y) ?? ruleAbove(x, y)),
        BOX,
      ),
    ).toBeCloseTo(alone, 5);
  });

  it('does not take a rule edge broken into pieces along the side for faint writing', () => {
    // A blurred border's soft edge, interrupted (near a corner, by noise): pieces of 15 to 30
    // rows along the left side and 40 columns along the top, each short of the cell.
    const broken = (x: number, y: number) =>
      (x === BOX.left + 3 && ((y >= 25 && y <= 40) || (y >= 50 && y <= 80))) || (y === BOX.top + 3 && x >= 40 && x <= 80) ? 150 : undefined;
    expect(faintMarkExtent(paper(broken), BOX)).toBe(0);
    // Beside a light pencil stroke it changes nothing.
    expect(
      faintMarkExtent(
        paper((x, y) => pencil(x, y) ?? broken(x, y)),
        BOX,
      ),
    ).toBeCloseTo(faintMarkExtent(paper(pencil), BOX), 5);
  });

  it('counts a faint line that is not a rule edge: thick, or reaching into the cell from its side', () => {
    // Three rows thick in the faint map (a line inside the search area): writing-like, kept.
    const inside = faintMarkExtent(
      paper((x, y) => (y === 50 && x >= 20 && x <= 140 ? 150 : undefined)),
      BOX,
    );
    expect(inside).toBeGreaterThan(1);
    // A light stroke that crosses the left border into the cell: wider than the side strip, kept.
    const reaching = faintMarkExtent(
      paper((x, y) => (x >= BOX.left && x <= BOX.left + 30 && y >= 50 && y <= 52 ? 205 : undefined)),
      BOX,
    );
    expect(reaching).toBeGreaterThan(0.3);
  });
});

describe('inkMask on shaded paper', () => {
  /** A shadow over the left of the crop: paper 60 grey levels darker there, easing to the rest over 120 px (as in eval photos). */
  const shade = (x: number) => (x < 30 ? 60 : x < 150 ? (60 * (150 - x)) / 120 : 0);
  const shaded = (paint: (x: number, y: number) => number | undefined) => paper((x, y) => paint(x, y) ?? 235 - shade(x));
  const count = (mask: Uint8Array, where: (x: number, y: number) => boolean) => {
    let n = 0;
    for (let i = 0; i < mask.length; i++) if (mask[i] && where(i % WIDTH, Math.floor(i / WIDTH))) n++;
    return n;
  };
  /** A pen stroke 5 px wide and 40 rows tall, `under` grey levels under the paper it is written on. */
  const stroke = (x0: number, under: number) => (x: number, y: number) => (x >= x0 && x < x0 + 5 && y >= 35 && y < 75 ? 235 - shade(x) - under : undefined);

  it('does not take the shadow for ink', () => {
    expect(count(inkMask(shaded(() => undefined)), () => true)).toBe(0);
  });

  it('finds a stroke on the shadow and on the bright paper alike', () => {
    const mask = inkMask(shaded((x, y) => stroke(20, 120)(x, y) ?? stroke(135, 120)(x, y)));
    expect(count(mask, (x, y) => x >= 20 && x < 25 && y >= 35 && y < 75)).toBe(200);
    expect(count(mask, (x, y) => x >= 135 && x < 140 && y >= 35 && y < 75)).toBe(200);
    // Nothing but the strokes and their soft edge.
    expect(count(mask, (x) => (x < 17 || x > 28) && (x < 132 || x > 143))).toBe(0);
  });

  it('keeps a stain one blot: the paper under it is the paper around it', () => {
    // A grey stain 50 x 36 px, 40 levels under the paper: all of it is ink, as without shading.
    const stain = (x: number, y: number) => (x >= 55 && x < 105 && y >= 37 && y < 73 ? 195 : undefined);
    const inside = (x: number, y: number) => x >= 57 && x < 103 && y >= 39 && y < 71;
    let area = 0;
    for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) if (inside(x, y)) area++;
    const image = paper(stain);
    expect(count(inkMask(image), inside)).toBe(area);
    // The paper under it is taken for the paper around it, not for the stain's grey.
    const levels = paperLevels(image, 235);
    let darkest = 255;
    for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) if (inside(x, y)) darkest = Math.min(darkest, levels[y * WIDTH + x]);
    expect(darkest).toBe(235);
  });

  it("keeps the crop's paper level where the paper is even", () => {
    const image = paper(stroke(60, 120));
    const levels = paperLevels(image, 235);
    expect(Math.min(...levels)).toBe(235);
  });
});

describe('inkMask on a soft photo', () => {
  const ink = (mask: Uint8Array, x: number, y: number) => mask[y * WIDTH + x] === 1;
  /** Paper at 235; `darkness` (grey levels under the paper, before blurring) blurred with a Gaussian of `sigma` px, as a resampled photo softens writing. */
  function blurred(darkness: (x: number, y: number) => number, sigma: number): CellRaster {
    const dark = new Float32Array(WIDTH * HEIGHT);
    for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) dark[y * WIDTH + x] = darkness(x, y);
    gaussianBlur(dark, WIDTH, HEIGHT, sigma);
    return paper((x, y) => 235 - dark[y * WIDTH + x]);
  }
  /**
   * Two upright strokes 3 px wide and 230 levels dark, 7 px of paper between them (a 3's open
   * side, a 7's corner), under a printed rule 4 px thick (which sets the hysteresis's levels, as
   * a cell's border does).
   */
  const twoStrokes = (x: number, y: number) => ((((x >= 70 && x <= 72) || (x >= 80 && x <= 82)) && y >= 30 && y < 70) || (y >= 8 && y < 12) ? 230 : 0);

  it("keeps the paper between two blurred strokes, though it is darker than the hysteresis's weak level", () => {
    const image = blurred(twoStrokes, 2.5);
    // The middle of the gap is well under the paper (the weak threshold, 28 levels, would follow it)...
    expect(235 - image.data[50 * WIDTH + 76]).toBeGreaterThan(32);
    const mask = inkMask(image);
    for (let y = 40; y < 60; y++) {
      // ...yet it stays paper, and both strokes stay ink.
      expect([75, 76, 77].filter((x) => ink(mask, x, y))).toEqual([]);
      expect([70, 71, 72, 80, 81, 82].every((x) => ink(mask, x, y))).toBe(true);
    }
  });

  it('parts two blurred strokes whose join is as dark as a seed: it is still lighter than both', () => {
    // 4 px of paper between the strokes, blurred with sigma 2: the join's middle is darker than
    // the strong level (56) and more than half as dark as the strokes, so only its valley shows it.
    const image = blurred((x, y) => ((((x >= 70 && x <= 72) || (x >= 77 && x <= 79)) && y >= 30 && y < 70) || (y >= 8 && y < 12) ? 230 : 0), 2);
    expect(235 - image.data[50 * WIDTH + 74]).toBeGreaterThan(60);
    const mask = inkMask(image);
    for (let y = 40; y < 60; y++) {
      expect([74, 75].filter((x) => ink(mask, x, y))).toEqual([]);
      expect([70, 71, 72, 77, 78, 79].every((x) => ink(mask, x, y))).toBe(true);
    }
  });

  it('does not cut a blurred stroke where its pressure dips: the dip is a valley along it, a ridge across it', () => {
    // An upright stroke 3 px wide, 230 levels dark, and half as dark over rows 46..53.
    const image = blurred((x, y) => (x >= 78 && x <= 80 && y >= 25 && y < 75 ? (y >= 46 && y <= 53 ? 115 : 230) : y >= 8 && y < 12 ? 230 : 0), 2);
    const mask = inkMask(image);
    for (let y = 30; y < 70; y++) expect(ink(mask, 79, y)).toBe(true);
  });

  it('keeps a grainy pencil stroke whole: its peak is its mean darkness, not its darkest grain', () => {
    const random = new SeededRandom(11);
    const grain = Array.from({ length: WIDTH * HEIGHT }, () => random.uniform(0.45, 1.55));
    // 2 px wide, 50 levels dark on average, each pixel between 23 and 78.
    const image = paper((x, y) => (x >= 78 && x <= 79 && y >= 30 && y < 70 ? 235 - Math.round(50 * grain[y * WIDTH + x]) : undefined));
    const mask = inkMask(image);
    for (let y = 32; y < 68; y++) expect(ink(mask, 78, y) || ink(mask, 79, y)).toBe(true);
  });
});

describe('removeBorderLines', () => {
  /**
   * An ink mask with the printed border (2 px lines: rows 9..10 and 89..90, columns 9..10 and
   * 149..150, where a crop of this height puts them) and the writing `write` adds.
   */
  const bordered = (write: (x: number, y: number) => boolean) => {
    const ink = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const line =
          ((y === 9 || y === 10 || y === 89 || y === 90) && x >= 9 && x <= 150) || ((x === 9 || x === 10 || x === 149 || x === 150) && y >= 9 && y <= 90);
        if (line || write(x, y)) ink[y * WIDTH + x] = 1;
      }
    }
    return ink;
  };
  const inkIn = (ink: Uint8Array, x0: number, x1: number, y0: number, y1: number) => {
    let n = 0;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) n += ink[y * WIDTH + x];
    return n;
  };
  /** A 3 px stroke coming down from the top line at columns 88..90 (a digit's right side). */
  const body = (x: number, y: number) => x >= 88 && x <= 90 && y >= 11 && y <= 60;

  it('removes the lines and finds the border at their centres', () => {
    const ink = bordered(() => false);
    const box = removeBorderLines(ink, WIDTH, HEIGHT);
    expect(inkIn(ink, 0, WIDTH - 1, 0, HEIGHT - 1)).toBe(0);
    expect(box).toEqual({ top: 9.5, bottom: 89.5, left: 9.5, right: 149.5 });
  });

  it('keeps a stroke that lies along the top line, under it, where the line alone would take it', () => {
    // A 3's top arc: rows 11..12 right under the line, columns 60..90, joined to the body.
    const arc = (x: number, y: number) => x >= 60 && x <= 90 && (y === 11 || y === 12);
    const ink = bordered((x, y) => arc(x, y) || body(x, y));
    removeBorderLines(ink, WIDTH, HEIGHT);
    expect(inkIn(ink, 60, 87, 11, 12)).toBe(2 * 28);
    // The line's own rows stay removed, beside the arc too.
    expect(inkIn(ink, 0, WIDTH - 1, 9, 10)).toBe(0);
  });

  it('keeps nothing along a line where nothing is written, however thick the line is there', () => {
    // The top line 2 px wider (rows 9..12) over columns 30..70, as a blurred photo's line can be.
    const ink = bordered((x, y) => x >= 30 && x <= 70 && (y === 11 || y === 12));
    removeBorderLines(ink, WIDTH, HEIGHT);
    expect(inkIn(ink, 0, WIDTH - 1, 0, HEIGHT - 1)).toBe(0);
  });

  it('keeps a stroke lying on the bottom line, above it, though it covers enough of its rows to pass for part of the line', () => {
    // A 2 as a blurred photo leaves it: its body down columns 45..47 and its base, 5 px thick, in
    // rows 84..88 right on the line (rows 89..90) over columns 30..94, the side lines blurred to
    // 4 px. With them the base covers 73 of the 160 columns of its rows (46%), as a line's edge
    // rows can be covered.
    const sides = (x: number, y: number) => (x === 11 || x === 12 || x === 147 || x === 148) && y >= 9 && y <= 90;
    const stroke = (x: number, y: number) => (x >= 45 && x <= 47 && y >= 40 && y <= 83) || (x >= 30 && x <= 94 && y >= 84 && y <= 88);
    const ink = bordered((x, y) => sides(x, y) || stroke(x, y));
    removeBorderLines(ink, WIDTH, HEIGHT);
    expect(inkIn(ink, 30, 94, 84, 88)).toBe(65 * 5);
    expect(inkIn(ink, 0, WIDTH - 1, 89, 90)).toBe(0);
  });

  it('keeps nothing of a line whose width varies by a pixel along its length, beside writing too', () => {
    // The top line a pixel wider (rows 9..11) over columns 60..87, up to the body: that is the
    // line, not writing, though it touches the body.
    const ink = bordered((x, y) => (x >= 60 && x <= 87 && y === 11) || body(x, y));
    removeBorderLines(ink, WIDTH, HEIGHT);
    expect(inkIn(ink, 0, 87, 9, 12)).toBe(0);
  });
});
