import { SeededRandom } from '@caddie/synthesis';
import type { CellRaster } from '../provider';
import { faintMarkExtent, type CellBox } from './cell-ink';

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
const ruleLeft = (x: number, y: number) => (x === BOX.left + 3 ? 150 : undefined);
/** A light pencil stroke: 3 px wide, 30 grey levels under the paper, half the cell tall. */
const pencil = (x: number, y: number) => (x >= 78 && x <= 80 && y >= 35 && y <= 70 ? 205 : undefined);

describe('faintMarkExtent', () => {
  it('finds nothing on blank paper', () => {
    expect(faintMarkExtent(paper(() => undefined), BOX)).toBe(0);
  });

  it('does not take the edge of a printed rule for faint writing', () => {
    expect(faintMarkExtent(paper(ruleAbove), BOX)).toBe(0);
    expect(faintMarkExtent(paper(ruleLeft), BOX)).toBe(0);
  });

  it('still finds a light pencil stroke, beside a rule edge too', () => {
    const alone = faintMarkExtent(paper(pencil), BOX);
    // The stroke's 36 rows (spread by the 3x3 mean) against the box's 73-row writing height.
    expect(alone).toBeGreaterThan(0.45);
    expect(faintMarkExtent(paper((x, y) => pencil(x, y) ?? ruleAbove(x, y)), BOX)).toBeCloseTo(alone, 5);
  });

  it('does not take a rule edge broken into pieces along the side for faint writing', () => {
    // A blurred border's soft edge, interrupted (near a corner, by noise): pieces of 15 to 30
    // rows along the left side and 40 columns along the top, each short of the cell.
    const broken = (x: number, y: number) =>
      (x === BOX.left + 3 && ((y >= 25 && y <= 40) || (y >= 50 && y <= 80))) || (y === BOX.top + 3 && x >= 40 && x <= 80) ? 150 : undefined;
    expect(faintMarkExtent(paper(broken), BOX)).toBe(0);
    // Beside a light pencil stroke it changes nothing.
    expect(faintMarkExtent(paper((x, y) => pencil(x, y) ?? broken(x, y)), BOX)).toBeCloseTo(faintMarkExtent(paper(pencil), BOX), 5);
  });

  it('counts a faint line that is not a rule edge: thick, or reaching into the cell from its side', () => {
    // Three rows thick in the faint map (a line inside the search area): writing-like, kept.
    const inside = faintMarkExtent(paper((x, y) => (y === 50 && x >= 20 && x <= 140 ? 150 : undefined)), BOX);
    expect(inside).toBeGreaterThan(1);
    // A light stroke that crosses the left border into the cell: wider than the side strip, kept.
    const reaching = faintMarkExtent(paper((x, y) => (x >= BOX.left && x <= BOX.left + 30 && y >= 50 && y <= 52 ? 205 : undefined)), BOX);
    expect(reaching).toBeGreaterThan(0.3);
  });
});
