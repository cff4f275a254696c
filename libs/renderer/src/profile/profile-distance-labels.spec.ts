import { METERS_PER_YARD } from '@caddie/geometry';
import { chooseStationStep, formatProfileDistance, formatSignedFeet, parseProfileDistanceUnit } from './profile-distance-labels';

describe('profile distance labels', () => {
  it('labels one distance in the chosen unit', () => {
    const meters = 150 * METERS_PER_YARD;
    expect(formatProfileDistance(meters, 'yards')).toBe('150 yd');
    expect(formatProfileDistance(meters, 'feet')).toBe('450 ft');
    expect(formatProfileDistance(meters, 'meters')).toBe('137 m');
  });

  it('signs vertical differences in whole feet', () => {
    expect(formatSignedFeet(6.2)).toBe('+6 ft');
    expect(formatSignedFeet(-3.4)).toBe('-3 ft');
    expect(formatSignedFeet(0.3)).toBe('0 ft');
    expect(formatSignedFeet(-0.4)).toBe('0 ft');
  });

  it('reads unknown units as yards', () => {
    expect(parseProfileDistanceUnit(undefined)).toBe('yards');
    expect(parseProfileDistanceUnit('meters')).toBe('meters');
    expect(parseProfileDistanceUnit('feet')).toBe('feet');
  });

  it('chooses the smallest even interval whose stations sit far enough apart', () => {
    // 4 px per metre: 25 yd = 91 px, 50 yd = 183 px.
    expect(chooseStationStep(4, 120, 'yards')).toBe(50);
    expect(chooseStationStep(4, 90, 'yards')).toBe(25);
    // in feet: 100 ft = 122 px
    expect(chooseStationStep(4, 120, 'feet')).toBe(100);
    // in metres: 50 m = 200 px
    expect(chooseStationStep(4, 120, 'meters')).toBe(50);
  });
});
