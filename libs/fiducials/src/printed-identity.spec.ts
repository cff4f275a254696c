import { DesignDisabledError, DesignUnknownError, DesignUnreadableError } from './fiducial-errors';
import { computeCheck } from './identity-checksum';
import { decodeExpectedLabel, decodeIdentityLabel, expectedLabelLengths, formatIdentityLabel, type ScoredLabelCell } from './printed-identity';

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe('printed identity label', () => {
  it('prints design, optional course and checksum chunks joined by hyphens', () => {
    expect(formatIdentityLabel({ designCode: 'M9H1' })).toMatch(/^SM9H1-E[0-9A-Z]{4}$/);
    expect(formatIdentityLabel({ designCode: 'SM18F', courseCode: 'K7M2Q' })).toMatch(/^SM18F-CK7M2Q-E[0-9A-Z]{4}$/);
    expect(() => formatIdentityLabel({ designCode: 'M9H2' })).toThrow(DesignUnknownError);
    expect(() => formatIdentityLabel({ designCode: 'M9H1', courseCode: 'K7M' })).toThrow(DesignUnreadableError);
  });

  it.each(['M9H1', 'M9H10GG', 'M9H1GG', 'M18F', 'M18B'])('decodes %s in every chunk order', (designCode) => {
    const printed = formatIdentityLabel({ designCode, courseCode: 'K7M2Q' });
    for (const order of permutations(printed.split('-'))) {
      const identity = decodeIdentityLabel(order.join('-'));
      expect(identity).toMatchObject({ text: printed, designCode, designChunk: `S${designCode}`, courseToken: 'K7M2Q', correctionCount: 0 });
      expect(identity.checksum).toBe(printed.split('-')[2]);
      expect(identity.design.designCode).toBe(designCode);
    }
  });

  it('corrects one wrong character anywhere and counts it', () => {
    const printed = formatIdentityLabel({ designCode: 'M9H10GG', courseCode: 'K7M2Q' });
    const damagedDesign = printed.replace('SM9H10GG', 'SM9H1OGG'.replace('O', '8'));
    expect(decodeIdentityLabel(damagedDesign)).toMatchObject({ designCode: 'M9H10GG', correctionCount: 1, text: printed });
    const damagedCourse = printed.replace('CK7M2Q', 'CK7N2Q');
    expect(decodeIdentityLabel(damagedCourse)).toMatchObject({ courseToken: 'K7M2Q', correctionCount: 1 });
    const check = printed.split('-')[2];
    const damagedCheck = printed.replace(check, `E${check[1] === 'A' ? 'B' : 'A'}${check.slice(2)}`);
    expect(decodeIdentityLabel(damagedCheck)).toMatchObject({ text: printed, correctionCount: 1 });
  });

  it('routes a chunk whose type letter was misread by elimination, as one correction', () => {
    const printed = formatIdentityLabel({ designCode: 'M18B' });
    const [design, check] = printed.split('-');
    expect(decodeIdentityLabel(`${check}-5${design.slice(1)}`)).toMatchObject({ designCode: 'M18B', correctionCount: 1 });
    // A misread type letter plus a payload error is two corrections: refused.
    expect(() => decodeIdentityLabel(`${check}-5${design.slice(1, -1)}8`)).toThrow(DesignUnreadableError);
  });

  it('refuses two wrong characters, missing chunks and stray text as unreadable', () => {
    const printed = formatIdentityLabel({ designCode: 'M9H1GG', courseCode: 'AB3DE' });
    expect(() => decodeIdentityLabel(printed.replace('CAB3DE', 'CXY3DE'))).toThrow(DesignUnreadableError);
    expect(() => decodeIdentityLabel('SM9H1GG')).toThrow(expect.objectContaining({ code: 'scorecard-design-unreadable' }));
    expect(() => decodeIdentityLabel('')).toThrow(DesignUnreadableError);
    expect(() => decodeIdentityLabel('XM9H1-YABCD-ZQQQQ-WWW')).toThrow(DesignUnreadableError);
  });

  it('separates unknown designs from known designs outside the production rollout', () => {
    const unknown = `SM9H2-E${computeCheck('M9H2')}`;
    expect(() => decodeIdentityLabel(unknown)).toThrow(expect.objectContaining({ code: 'scorecard-design-unknown' }));
    const preview = formatIdentityLabel({ designCode: 'M9H10' });
    expect(() => decodeIdentityLabel(preview)).toThrow(DesignDisabledError);
    expect(() => decodeIdentityLabel(preview)).toThrow(expect.objectContaining({ code: 'scorecard-design-disabled', status: 422 }));
    expect(decodeIdentityLabel(preview, { allowNonProduction: true }).designCode).toBe('M9H10');
  });
});

/**
 * Label cells as the reader scores them: the printed glyph first, or, at a misread position,
 * the misread glyph first and the printed one ranked `rank` (never ranked: left out).
 */
function scoredCells(printed: string, misreads: Record<number, { as: string; rank?: number }> = {}): ScoredLabelCell[] {
  return [...printed].map((char, i) => {
    const fillers = ['W', 'K', 'Q', 'M', 'H'].filter((f) => f !== char);
    const misread = misreads[i];
    if (!misread) return { candidates: [char, ...fillers.slice(0, 3)].map((c, k) => ({ char: c, confidence: 0.9 - 0.05 * k })) };
    const ranked = [misread.as, ...fillers.filter((f) => f !== misread.as).slice(0, 3)];
    if (misread.rank !== undefined) ranked.splice(misread.rank, 0, char);
    return { candidates: ranked.slice(0, 4).map((c, k) => ({ char: c, confidence: 0.85 - 0.02 * k })) };
  });
}

describe("a label decoded against the layout its markers' design prints", () => {
  const printed = formatIdentityLabel({ designCode: 'M18F', courseCode: '8D496' });
  const at = (chunk: string, offset: number) => printed.indexOf(chunk) + offset;

  it('knows both layouts of a design by their length', () => {
    expect(expectedLabelLengths('M18F')).toEqual([printed.length, formatIdentityLabel({ designCode: 'M18F' }).length]);
    expect(decodeExpectedLabel(scoredCells(printed), 'M18F')).toMatchObject({ text: printed, courseToken: '8D496', correctionCount: 0 });
    const short = formatIdentityLabel({ designCode: 'M18F' });
    expect(decodeExpectedLabel(scoredCells(short), 'M18F')).toMatchObject({ text: short, courseToken: null, correctionCount: 0 });
    expect(decodeExpectedLabel(scoredCells(`${printed}X`), 'M18F')).toBeUndefined();
  });

  it('corrects two misread code characters whose printed glyphs the reader ranked, and a ranked misread of the design chunk', () => {
    // Blur reads D as 0 and the checksum's S as 6: the free decoder corrects only one.
    const misreads = { [at('C8D', 2)]: { as: '0', rank: 1 }, [printed.length - 1]: { as: '6', rank: 2 }, [0]: { as: '9', rank: 1 } };
    const cells = scoredCells(printed, misreads);
    expect(() => decodeIdentityLabel(cells.map((c) => c.candidates[0].char).join(''))).toThrow(DesignUnreadableError);
    expect(decodeExpectedLabel(cells, 'M18F')).toMatchObject({ text: printed, designCode: 'M18F', courseToken: '8D496', correctionCount: 3 });
  });

  it('refuses three misread code characters, and a printed glyph the reader did not rank', () => {
    const three = { [at('C8D', 2)]: { as: '0', rank: 1 }, [at('C8D', 3)]: { as: 'A', rank: 1 }, [printed.length - 1]: { as: '6', rank: 1 } };
    expect(decodeExpectedLabel(scoredCells(printed, three), 'M18F')).toBeUndefined();
    expect(decodeExpectedLabel(scoredCells(printed, { [at('C8D', 2)]: { as: '0' } }), 'M18F')).toBeUndefined();
    // The design chunk confirms the markers' design: an unranked glyph there refuses too.
    expect(decodeExpectedLabel(scoredCells(printed, { [at('M18F', 2)]: { as: '4' } }), 'M18F')).toBeUndefined();
  });

  it("does not read another design's label as the markers' design", () => {
    // M18B and M18F differ in one design character; their checksums differ in the rest.
    const other = formatIdentityLabel({ designCode: 'M18B', courseCode: '8D496' });
    expect(decodeExpectedLabel(scoredCells(other), 'M18F')).toBeUndefined();
    const ambiguous = scoredCells(other, { [at('M18F', 3)]: { as: 'B', rank: 1 } });
    expect(decodeExpectedLabel(ambiguous, 'M18F')).toBeUndefined();
  });

  it('keeps the rollout rules', () => {
    const preview = formatIdentityLabel({ designCode: 'M9H10', courseCode: '8D496' });
    expect(() => decodeExpectedLabel(scoredCells(preview), 'M9H10')).toThrow(DesignDisabledError);
    expect(decodeExpectedLabel(scoredCells(preview), 'M9H10', { allowNonProduction: true })).toMatchObject({ designCode: 'M9H10' });
  });
});
