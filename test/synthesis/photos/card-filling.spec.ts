import { findCapture } from '@caddie/fiducials';
import { planFilledCard, type FieldToWrite } from './card-filling';
import { SeededRandom } from './seeded-random';

const PARS = [4, 5, 3, 4, 4, 3, 5, 4, 4];
const parOf = (hole: number) => PARS[(hole - 1) % 9];
const plans = (captureId: string, n = 400) => Array.from({ length: n }, (_, seed) => planFilledCard(findCapture(captureId)!, parOf, new SeededRandom(seed)));
const value = (fields: FieldToWrite[], row: string, field: string) => fields.find((f) => f.row === row && f.field === field)?.value ?? null;

describe('planFilledCard', () => {
  it('writes par-plausible scores, putts never above the score, and sums that are mostly right', () => {
    const cards = plans('M9H1/front-nine-page');
    let twoDigits = 0;
    let blanks = 0;
    let rightTotals = 0;
    let wrongTotals = 0;
    let blankTotals = 0;
    for (const fields of cards) {
      const scores = Array.from({ length: 9 }, (_, i) => value(fields, `hole-${i + 1}`, 'score'));
      for (let hole = 1; hole <= 9; hole++) {
        const score = value(fields, `hole-${hole}`, 'score');
        const putts = value(fields, `hole-${hole}`, 'putts');
        if (score === null) {
          blanks++;
          expect(putts).toBeNull();
          continue;
        }
        expect(score).toBeGreaterThanOrEqual(1);
        expect(score).toBeLessThanOrEqual(13);
        if (score >= 10) twoDigits++;
        if (putts !== null) expect(putts).toBeLessThanOrEqual(score);
        if (putts !== null) expect(putts).toBeLessThanOrEqual(4);
      }
      const total = value(fields, 'totals', 'score');
      if (total === null) blankTotals++;
      else if (scores.every((s) => s !== null)) {
        if (total === scores.reduce((s: number, v) => s + (v as number), 0)) rightTotals++;
        else wrongTotals++;
      }
      for (const f of fields) {
        expect(f.content).toBe('digits');
        expect(f.area).toBe('cell');
        const capture = findCapture('M9H1/front-nine-page')!;
        expect(f.box.y1).toBeGreaterThanOrEqual(capture.regions.holes[0].row.y1);
        expect(f.box.y2).toBeLessThanOrEqual(capture.regions.totals.y2 + 1e-9);
      }
    }
    expect(twoDigits).toBeGreaterThan(20);
    expect(blanks).toBeGreaterThan(50);
    expect(blankTotals).toBeGreaterThan(10);
    expect(wrongTotals).toBeGreaterThan(5);
    expect(rightTotals).toBeGreaterThan(10 * wrongTotals);
  });

  it('fills the M18 back page summary and penalty, and only scribbles on the front page details', () => {
    const back = plans('M18B/back-nine-page');
    const summaries = back.filter((f) => value(f, 'roundSummary', 'totalScore') !== null);
    expect(summaries.length).toBeGreaterThan(100);
    expect(summaries.some((f) => (value(f, 'roundSummary', 'totalScore') as number) >= 100)).toBe(true);
    expect(back.some((f) => f.some((x) => x.row === 'penalty' && x.field === 'penaltyHoles' && x.content === 'text'))).toBe(true);
    for (const fields of back) for (const f of fields.filter((x) => x.area === 'field')) expect(['roundSummary', 'penalty']).toContain(f.row);

    const front = plans('M18F/front-nine-page', 100);
    const details = front.flatMap((f) => f.filter((x) => x.row === 'roundDetails'));
    expect(details.length).toBeGreaterThan(100);
    for (const d of details) expect(d).toMatchObject({ content: 'text', value: null, area: 'field' });
    const capture = findCapture('M18F/front-nine-page')!;
    const date = details.find((d) => d.field === 'date')!;
    expect(date.box.y1 - capture.regions.supplemental.roundDetails.fields.date.y1).toBeCloseTo(4 / capture.heightMm, 9);
  });

  it('is a pure function of the random stream', () => {
    const capture = findCapture('M18B/back-nine-page')!;
    expect(planFilledCard(capture, parOf, new SeededRandom(5))).toEqual(planFilledCard(capture, parOf, new SeededRandom(5)));
  });
});
