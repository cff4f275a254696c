import { photoSizes } from './tool-arguments';

describe('photoSizes', () => {
  it('reads a list of photo sizes in order', () => {
    expect(photoSizes('2000x1500, 1280x960')).toEqual([
      { width: 2000, height: 1500 },
      { width: 1280, height: 960 },
    ]);
  });

  it('refuses what is not a size, or a photo too small to hold a card', () => {
    expect(() => photoSizes('2000x')).toThrow(/--sizes takes photo sizes/);
    expect(() => photoSizes('1280x960,12MP')).toThrow(/not '12MP'/);
    expect(() => photoSizes('300x200')).toThrow(/--sizes/);
  });
});
