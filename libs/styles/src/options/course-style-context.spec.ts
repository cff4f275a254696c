import { autoGreenery, autoHousing, autoWaterTreatment, courseUsState, defaultFairwayPattern, type CourseStyleContext } from './course-style-context';
import { US_STATE_CLIMATE } from './us-state-climate';

const us = (region: string | null): CourseStyleContext => ({ classification: null, country: 'US', region });

describe('auto rules by location', () => {
  it.each([
    // state, water (rule 6), housing (rule 7), greenery
    ['FL', 'light', 'warm', 'warm-emerald'],
    ['MN', 'dark', 'cool', 'cool-blue'],
    ['CA', 'light', 'warm', 'warm-golden'],
    ['HI', 'light', 'warm', 'warm-emerald'],
    ['TX', 'light', 'warm', 'warm-emerald'],
    ['ME', 'dark', 'cool', 'cool-blue'],
    ['KY', 'medium', 'mixed', 'cool-apple'],
    ['AZ', 'medium', 'warm', 'warm-golden'],
    ['CO', 'medium', 'cool', 'cool-blue'],
    ['OR', 'medium', 'mixed', 'cool-apple'],
  ])('%s: water %s, housing %s, greenery %s', (region, water, housing, greenery) => {
    const course = us(region);
    expect(autoWaterTreatment(course)).toBe(water);
    expect(autoHousing(course)).toBe(housing);
    expect(autoGreenery(course)).toBe(greenery);
  });

  it('treats a cross-family modal tie as mixed even though its recorded zone is cool', () => {
    const oregon = US_STATE_CLIMATE.find((s) => s.code === 'OR');
    expect(oregon).toMatchObject({ zone: 5, tie: true });
    expect(autoHousing(us('OR'))).toBe('mixed');
  });

  it.each([
    ['non-US', { classification: null, country: 'CA', region: 'ON' }],
    ['no country', { classification: null, country: null, region: 'FL' }],
    ['unknown state', us('Atlantis')],
    ['no region', us(null)],
  ])('%s -> medium / mixed / classic', (_label, course) => {
    expect(autoWaterTreatment(course)).toBe('medium');
    expect(autoHousing(course)).toBe('mixed');
    expect(autoGreenery(course)).toBe('classic');
  });

  it('reads states by code, ISO 3166-2 or name, and territories by country code', () => {
    expect(courseUsState({ classification: null, country: 'usa', region: 'us-fl' })?.code).toBe('FL');
    expect(courseUsState({ classification: null, country: 'United States', region: ' new  york ' })?.code).toBe('NY');
    const puertoRico: CourseStyleContext = { classification: null, country: 'PR', region: null };
    expect(autoWaterTreatment(puertoRico)).toBe('light');
    expect(autoHousing(puertoRico)).toBe('warm');
  });

  it('covers the fifty states and DC exactly once', () => {
    const codes = US_STATE_CLIMATE.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((c) => !['PR', 'VI', 'GU', 'AS', 'MP'].includes(c))).toHaveLength(51);
    for (const s of US_STATE_CLIMATE) expect(s.zone >= 1 && s.zone <= 8).toBe(true);
  });
});

describe('fairway pattern default (rule 8)', () => {
  it.each([
    ['private', 'medium-checks'],
    [' Resort ', 'medium-checks'],
    ['RESORTS', 'medium-checks'],
    ['public', 'medium-stripes'],
    ['semi-private', 'medium-stripes'],
    [null, 'medium-stripes'],
  ])('%j -> %s', (classification, expected) => {
    expect(defaultFairwayPattern({ classification, country: null, region: null })).toBe(expected);
  });
});
