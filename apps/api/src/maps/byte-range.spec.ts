import { etagListMatches, resolveByteRange } from './byte-range';

describe('resolveByteRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-500', { kind: 'partial', start: 500, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-2000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=1000-1001', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=999-', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=5-1', { kind: 'full' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['items=0-1', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
  ])('%s of 1000 bytes', (header, outcome) => expect(resolveByteRange(header, 1000)).toEqual(outcome));
});

describe('etagListMatches', () => {
  it('compares strongly, accepts lists and *', () => {
    expect(etagListMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagListMatches('W/"b"', '"b"')).toBe(false);
    expect(etagListMatches('*', '"b"')).toBe(true);
    expect(etagListMatches(undefined, '"b"')).toBe(false);
  });
});
