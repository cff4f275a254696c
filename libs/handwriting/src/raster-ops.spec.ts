import { median } from './raster-ops';

describe('median', () => {
  it('takes the middle value, numerically, not by text', () => {
    expect(median([9, 10, 2])).toBe(9);
    expect(median(Float32Array.of(100, 7, 20, 3, 5))).toBe(7);
  });

  it('takes the upper of the two middle values of an even count, and 0 for none', () => {
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([])).toBe(0);
  });
});
