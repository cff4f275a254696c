import { generateDemoCourses } from '@caddie/catalog';
import { findCapture, renderCardRaster, toGrey, type GreyImage } from '@caddie/fiducials';
import { cropField, fieldPlan, pageCells } from './field-plan';

jest.setTimeout(30_000);

const PRODUCTION = ['M9H1/front-nine-page', 'M9H1GG/front-nine-page', 'M9H10GG/back-nine-page', 'M18F/front-nine-page', 'M18B/back-nine-page'];

describe('fieldPlan', () => {
  it.each([
    ['M9H1/front-nine-page', 1, 20, []],
    ['M9H1GG/front-nine-page', 1, 20, []],
    ['M9H10GG/back-nine-page', 10, 20, []],
    [
      'M18F/front-nine-page',
      1,
      25,
      ['roundDetails.date', 'roundDetails.course', 'roundDetails.teeBox', 'roundDetails.startTime', 'roundDetails.playingPartners'],
    ],
    [
      'M18B/back-nine-page',
      10,
      26,
      ['roundSummary.outScore', 'roundSummary.inScore', 'roundSummary.totalScore', 'roundSummary.totalPutts', 'penalty.penaltyStrokes', 'penalty.penaltyHoles'],
    ],
  ])('plans %s: holes from %i, %i fields', (captureId, firstHole, count, supplemental) => {
    const capture = findCapture(captureId)!;
    const plan = fieldPlan(capture)!;
    expect(plan.processor).toBe(captureId);
    expect(plan.fields).toHaveLength(count);
    const holeIds = Array.from({ length: 9 }, (_, i) => [`hole-${firstHole + i}.score`, `hole-${firstHole + i}.putts`]).flat();
    expect(plan.fields.map((f) => f.id)).toEqual([...holeIds, 'totals.score', 'totals.putts', ...supplemental]);
    for (const f of plan.fields) {
      expect(f.id).toBe(`${f.row}.${f.field}`);
      expect(f.box.x1).toBeGreaterThanOrEqual(0);
      expect(f.box.x2).toBeLessThanOrEqual(1);
      expect(f.box.y2).toBeGreaterThan(f.box.y1);
      if (f.content === 'digits') expect(f.maxDigits).toBeGreaterThanOrEqual(1);
    }
    const hole = plan.fields.find((f) => f.id === `hole-${firstHole + 4}.score`)!;
    expect(hole).toMatchObject({ holeNumber: firstHole + 4, content: 'digits', maxDigits: 2, range: { min: 1, max: 20 } });
    expect(hole.box).toEqual(capture.regions.holes[4].cells.score);
    expect(plan.fields.find((f) => f.id === `hole-${firstHole}.putts`)).toMatchObject({ maxDigits: 1, range: { min: 0, max: 9 } });
    // The totals cells: the hole columns' x-range on the totals row.
    const totals = plan.fields.find((f) => f.id === 'totals.score')!;
    expect(totals).toMatchObject({ maxDigits: 3, box: { x1: hole.box.x1, x2: hole.box.x2, y1: capture.regions.totals.y1, y2: capture.regions.totals.y2 } });
    expect(plan.fields.find((f) => f.id === 'totals.putts')!.box.x1).toBe(capture.regions.holes[0].cells.putts.x1);
  });

  it('starts supplemental writing areas below the printed caption and types their values', () => {
    const capture = findCapture('M18B/back-nine-page')!;
    const plan = fieldPlan(capture)!;
    const total = plan.fields.find((f) => f.id === 'roundSummary.totalScore')!;
    const printed = capture.regions.supplemental.roundSummary.fields.totalScore;
    expect(total.box.y1 - printed.y1).toBeCloseTo(4 / capture.heightMm, 6);
    expect(total).toMatchObject({ content: 'digits', maxDigits: 3, range: { min: 20, max: 360 } });
    // Sums (totals row, Round Summary) hold no single digit: one read there is a dropped digit.
    for (const id of ['totals.score', 'totals.putts', 'roundSummary.outScore', 'roundSummary.inScore', 'roundSummary.totalPutts']) {
      expect(plan.fields.find((f) => f.id === id)!.range!.min).toBe(10);
    }
    expect(plan.fields.find((f) => f.id === 'penalty.penaltyHoles')).toMatchObject({ content: 'text' });
    expect(plan.fields.find((f) => f.id === 'penalty.penaltyHoles')!.maxDigits).toBeUndefined();
  });

  it('has no plan for captures without a production processor', () => {
    expect(fieldPlan(findCapture('M9H10/back-nine-page')!)).toBeUndefined();
    expect(fieldPlan(findCapture('M9H1/horizontal-spread')!)).toBeUndefined();
  });
});

describe('cropField', () => {
  let canonical: Map<string, GreyImage>;
  beforeAll(async () => {
    const [course] = generateDemoCourses();
    canonical = new Map();
    for (const id of PRODUCTION) {
      const capture = findCapture(id)!;
      // A printed card at the canonical 8 px/mm is what a perfect normalization returns.
      canonical.set(id, toGrey(await renderCardRaster(capture.designCode, 'single-page', course, capture.pixelsPerMm)));
    }
  });

  /**
   * Dark pixels inside the cell's printed rules that are not on a rule (a mostly dark row or
   * column). The margins outside the rules may show a neighbour's print; inside must be paper.
   */
  function strayInk(crop: { data: Uint8Array; width: number; height: number }): number {
    const dark = (x: number, y: number) => crop.data[y * crop.width + x] < 128;
    const ruleRows: number[] = [];
    const ruleCols: number[] = [];
    for (let y = 0; y < crop.height; y++) {
      let n = 0;
      for (let x = 0; x < crop.width; x++) n += dark(x, y) ? 1 : 0;
      if (n > 0.5 * crop.width) ruleRows.push(y);
    }
    for (let x = 0; x < crop.width; x++) {
      let n = 0;
      for (let y = 0; y < crop.height; y++) n += dark(x, y) ? 1 : 0;
      if (n > 0.5 * crop.height) ruleCols.push(x);
    }
    const band = 0.25;
    const top = Math.max(0, ...ruleRows.filter((y) => y < band * crop.height));
    const bottom = Math.min(crop.height - 1, ...ruleRows.filter((y) => y > (1 - band) * crop.height));
    const left = Math.max(0, ...ruleCols.filter((x) => x < band * crop.width));
    const right = Math.min(crop.width - 1, ...ruleCols.filter((x) => x > (1 - band) * crop.width));
    let stray = 0;
    for (let y = top; y <= bottom; y++) for (let x = left; x <= right; x++) if (dark(x, y) && !ruleRows.includes(y) && !ruleCols.includes(x)) stray++;
    return stray;
  }

  it.each(PRODUCTION)('crops every field of a blank %s with its borders inside and no printed text', (id) => {
    const capture = findCapture(id)!;
    const plan = fieldPlan(capture)!;
    const image = canonical.get(id)!;
    expect([image.width, image.height]).toEqual([capture.canonicalPixels.width, capture.canonicalPixels.height]);
    const fields = pageCells(plan, image, capture.pixelsPerMm);
    // The sides printedSides names are printed lines on this design: a blank card shows them all.
    for (const f of fields) expect({ id: f.cell.id, borderVisible: f.borderVisible }).toEqual({ id: f.cell.id, borderVisible: 1 });
    const cells = fields.map((f) => f.cell);
    expect(cells.map((c) => c.id)).toEqual(plan.fields.map((f) => f.id));
    for (const [i, cell] of cells.entries()) {
      const spec = plan.fields[i];
      expect(cell.content).toBe(spec.content);
      expect(cell.maxDigits).toBe(spec.maxDigits);
      const heightPx = (spec.box.y2 - spec.box.y1) * image.height;
      const margin = Math.min(0.12 * heightPx, 1.2 * 8);
      expect(cell.image.height).toBeGreaterThanOrEqual(Math.round(heightPx + 2 * margin) - 1);
      expect(cell.image.height).toBeLessThanOrEqual(Math.round(heightPx + 2 * margin) + 2);
      expect(cell.image.data).toHaveLength(cell.image.width * cell.image.height);
      expect(strayInk(cell.image)).toBe(0);
      // Table cells: the printed rules above and below the cell lie inside the top and bottom margins.
      if (!spec.row.startsWith('hole-') && spec.row !== 'totals') continue;
      const rowDark = (y: number) => {
        let n = 0;
        for (let x = 0; x < cell.image.width; x++) n += cell.image.data[y * cell.image.width + x] < 128 ? 1 : 0;
        return n / cell.image.width;
      };
      const band = Math.ceil(2 * margin);
      expect(Math.max(...Array.from({ length: band }, (_, y) => rowDark(y)))).toBeGreaterThan(0.8);
      expect(Math.max(...Array.from({ length: band }, (_, y) => rowDark(cell.image.height - 1 - y)))).toBeGreaterThan(0.8);
      expect(rowDark(Math.round(cell.image.height / 2))).toBeLessThan(0.05);
    }
  });

  it('clamps a crop at the image edge and fills outside with paper', () => {
    const image = { data: new Uint8Array(100).fill(0), width: 10, height: 10 };
    const crop = cropField(image, { x1: 0.8, y1: 0.8, x2: 1, y2: 1 }, 8);
    expect(crop.width).toBeLessThanOrEqual(3);
    expect(crop.height).toBeLessThanOrEqual(3);
    expect([...crop.data].every((v) => v === 0)).toBe(true);
    const inner = cropField({ data: Uint8Array.from({ length: 100 }, (_, i) => i), width: 10, height: 10 }, { x1: 0.2, y1: 0.3, x2: 0.5, y2: 0.5 }, 8);
    // 12% of a 2 px cell is under a pixel: floor/ceil keep exactly the cell plus one pixel each side.
    expect([inner.width, inner.height]).toEqual([5, 4]);
    expect(inner.data[0]).toBe(2 * 10 + 1);
  });
});
