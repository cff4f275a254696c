import { DesignDisabledError, DesignUnknownError, DesignUnreadableError } from './fiducial-errors';
import { computeCheck } from './identity-checksum';
import { decodeIdentityLabel, formatIdentityLabel } from './printed-identity';

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
