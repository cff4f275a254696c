import { negotiateContentCoding, withVary } from './content-coding';

describe('negotiateContentCoding', () => {
  it.each([
    [undefined, ['br', 'gzip'], 'identity'],
    ['', ['br', 'gzip'], 'identity'],
    ['gzip, deflate, br', ['br', 'gzip'], 'br'],
    ['gzip, deflate, br', ['gzip'], 'gzip'],
    ['gzip;q=1.0, br;q=0.5', ['br', 'gzip'], 'gzip'],
    ['br;q=0, gzip;q=0', ['br', 'gzip'], 'identity'],
    ['x-gzip', ['br', 'gzip'], 'gzip'],
    ['*', ['br', 'gzip'], 'br'],
    ['*;q=0.2, br;q=0', ['br', 'gzip'], 'gzip'],
    ['deflate', ['br', 'gzip'], 'identity'],
    ['GZIP ; Q=0.8', ['br', 'gzip'], 'gzip'],
  ] as const)('%p with %p available gives %p', (header, available, expected) => {
    expect(negotiateContentCoding(header, available)).toBe(expected);
  });
});

describe('withVary', () => {
  it('appends once, keeping what is there', () => {
    expect(withVary(undefined, 'Accept-Encoding')).toBe('Accept-Encoding');
    expect(withVary('Origin', 'Accept-Encoding')).toBe('Origin, Accept-Encoding');
    expect(withVary('Origin, accept-encoding', 'Accept-Encoding')).toBe('Origin, accept-encoding');
  });
});
