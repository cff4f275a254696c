import { normalizationSchema, parseNormalizationVersion } from './normalization-versions';
import { retentionUntil } from './retention';

describe('retentionUntil', () => {
  it('is one day later rounded up to the next UTC midnight', () => {
    expect(retentionUntil(new Date('2025-03-10T13:45:00Z')).toISOString()).toBe('2025-03-12T00:00:00.000Z');
    expect(retentionUntil(new Date('2025-03-10T00:00:00.001Z')).toISOString()).toBe('2025-03-12T00:00:00.000Z');
    expect(retentionUntil(new Date('2025-03-10T00:00:00Z')).toISOString()).toBe('2025-03-11T00:00:00.000Z');
    expect(retentionUntil(new Date('2025-12-31T23:59:59Z')).toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });
});

describe('normalization version header', () => {
  it('defaults to 4 and accepts exactly 2, 3 and 4', () => {
    expect(parseNormalizationVersion(undefined)).toBe(4);
    expect(['2', '3', '4', ' 3 '].map((v) => parseNormalizationVersion(v))).toEqual([2, 3, 4, 3]);
    for (const bad of ['1', '5', '4.0', '04', 'v4', '', 'four']) expect(parseNormalizationVersion(bad)).toBeUndefined();
    expect(parseNormalizationVersion(['4', '4'])).toBeUndefined();
    expect(normalizationSchema('caddie', 4)).toBe('caddie-scorecard-normalization@4');
  });
});
