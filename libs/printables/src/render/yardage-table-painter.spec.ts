import { createCanvas } from '@napi-rs/canvas';
import { registerFonts } from '@caddie/renderer';
import { sheetFrames } from '../compile/page-layout';
import { demoCourse } from '../testing/demo-course.fixture';
import { holeYardages } from '../yardages/hole-yardages';
import type { PageContext } from './page-context';
import { paintCarryTable, paintTeeLengths } from './yardage-table-painter';

/** Every text the painters draw, with its baseline and size. */
function recordingContext(): { ctx: PageContext; texts: { value: string; y: number; size: number }[] } {
  registerFonts();
  const ctx = createCanvas(400, 600).getContext('2d') as unknown as PageContext;
  const texts: { value: string; y: number; size: number }[] = [];
  const fill = ctx.fillText.bind(ctx);
  ctx.fillText = ((value: string, x: number, y: number, maxWidth?: number) => {
    texts.push({ value, y, size: Number(/(\d+(\.\d+)?)px/.exec(ctx.font)?.[1]) });
    return maxWidth === undefined ? fill(value, x, y) : fill(value, x, y, maxWidth);
  }) as typeof ctx.fillText;
  return { ctx, texts };
}

// the table of a Letter hole sheet (book pages print the numbers on the drawing instead)
describe('the hole sheet table', () => {
  const { course } = demoCourse('demo-pine-hollow');
  const frames = sheetFrames(8.5, 11, 0.4);
  const bottom = (frames.table.y + frames.table.height) * 72;

  it('stops at the bottom of its frame and says how many hazards it left out', () => {
    const hole = course.holes.find((h) => h.number === 16)!;
    // the hole's hazards thirty times over: more rows than a Letter sheet's column holds
    const hazards = course.features.filter(
      (f) => (f.properties.layer === 'bunkers' || f.properties.layer === 'water') && f.properties.holeNumbers.includes(16),
    );
    const crowded = {
      ...course,
      features: [...course.features, ...[...Array(29).keys()].flatMap((n) => hazards.map((f) => ({ ...f, id: `${f.id}-copy-${n}` })))],
    };
    // the rows of the hole's hazards in play (a tagged bunker far from the corridor is not one), thirty times over
    const listed = holeYardages(course, hole).hazards.length;
    expect(listed).toBeGreaterThanOrEqual(3);
    const yardages = holeYardages(crowded, hole);
    expect(yardages.hazards.length).toBe(listed * 30);
    const { ctx, texts } = recordingContext();
    const y = paintTeeLengths(ctx, yardages, frames.table, 9.5, 'yards');
    paintCarryTable(ctx, yardages, frames.table, y, 9.5, 'yards');
    expect(Math.max(...texts.map((t) => t.y))).toBeLessThanOrEqual(bottom);
    const shown = texts.filter((t) => /^[A-Z]\d?$/.test(t.value)).length;
    const more = texts.find((t) => t.value.startsWith('+ '))!;
    expect(more.value).toMatch(new RegExp(`^\\+ ${yardages.hazards.length - shown} more hazards`));
    // numbers a golfer reads: 7 pt or larger
    expect(Math.min(...texts.filter((t) => /\d/.test(t.value) && !t.value.startsWith('Hazards')).map((t) => t.size))).toBeGreaterThanOrEqual(7);
  });

  it('prints every hazard and lay-up of each demo hole without the "more" line', () => {
    for (const hole of course.holes) {
      const yardages = holeYardages(course, hole);
      const { ctx, texts } = recordingContext();
      const y = paintTeeLengths(ctx, yardages, frames.table, 9.5, 'yards');
      paintCarryTable(ctx, yardages, frames.table, y, 9.5, 'yards');
      expect({ hole: hole.number, more: texts.some((t) => t.value.startsWith('+ ')), below: Math.max(...texts.map((t) => t.y)) > bottom }).toEqual({
        hole: hole.number,
        more: false,
        below: false,
      });
    }
  });
});
