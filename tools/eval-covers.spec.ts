import type { Homography } from '@caddie/fiducials';
import { changedShare, coverReport, evaluateCovers } from './eval-covers';

jest.setTimeout(120_000);

const IDENTITY: Homography = [1, 0, 0, 0, 1, 0, 0, 0, 1];

function photo(width: number, height: number, fill = 230): { data: Uint8Array; width: number; height: number; channels: 3 } {
  return { data: new Uint8Array(width * height * 3).fill(fill), width, height, channels: 3 };
}

describe('changedShare', () => {
  it('measures the share of a box the cover changed, and nothing where the photos agree', () => {
    const clean = photo(100, 100);
    const covered = photo(100, 100);
    // A dark thumb over the left 30 columns; a faint change (JPEG) over the next 10.
    for (let y = 0; y < 100; y++) {
      for (let x = 0; x < 40; x++) covered.data.fill(x < 30 ? 120 : 215, (y * 100 + x) * 3, (y * 100 + x) * 3 + 3);
    }
    const canonical = { width: 100, height: 100 };
    expect(changedShare(clean, clean, IDENTITY, canonical, { x1: 0, y1: 0, x2: 1, y2: 1 })).toBe(0);
    expect(changedShare(clean, covered, IDENTITY, canonical, { x1: 0, y1: 0, x2: 1, y2: 1 })).toBeCloseTo(0.3, 5);
    expect(changedShare(clean, covered, IDENTITY, canonical, { x1: 0, y1: 0, x2: 0.2, y2: 0.5 })).toBe(1);
    expect(changedShare(clean, covered, IDENTITY, canonical, { x1: 0.5, y1: 0, x2: 1, y2: 1 })).toBe(0);
  });
});

describe('evaluateCovers', () => {
  it('finds the fields a page cover hides and flags them, and flags nothing on the photo without it', async () => {
    // Seed 2 (1600x1200): a cover lies over the putts cells of holes 4 to 6.
    const tally = await evaluateCovers({ count: 1, firstSeed: 2, width: 1600, height: 1200 });
    expect(tally).toMatchObject({ photos: 1, pages: 1, cleanFlagged: 0, untouchedFlagged: 0 });
    expect(tally.coveredFields).toBeGreaterThanOrEqual(3);
    expect(tally.coveredFlagged).toBeGreaterThanOrEqual(3);
    expect(tally.cleanFields).toBeGreaterThanOrEqual(20);
    expect(coverReport(tally, 'seed 2')).toContain(`covered fields flagged obscured: ${tally.coveredFlagged} of ${tally.coveredFields}`);
  });
});
