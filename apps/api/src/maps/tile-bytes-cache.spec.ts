import { REPLACE_AFTER_USES, TileBytesCache } from './tile-bytes-cache';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('TileBytesCache', () => {
  it('keeps entries within the byte budget, letting the oldest go first and marking them gone', () => {
    const cache = new TileBytesCache(100);
    const a = cache.put('a', bytes(40));
    const b = cache.put('b', bytes(40));
    expect(cache.use(a)).toEqual(bytes(40));
    expect([cache.size, cache.byteSize]).toEqual([2, 80]);
    const c = cache.put('c', bytes(40));
    // a was used, but not REPLACE_AFTER_USES uses ago: it is still the oldest
    expect(a.bytes).toBeNull();
    expect(cache.use(a)).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.use(b)).toEqual(bytes(40));
    expect(cache.use(c)).toEqual(bytes(40));
    expect([cache.size, cache.byteSize]).toEqual([2, 80]);
  });

  it('moves an entry used long after it was placed to the newest end', () => {
    const cache = new TileBytesCache(100);
    const a = cache.put('a', bytes(40));
    const b = cache.put('b', bytes(40));
    for (let i = 0; i <= REPLACE_AFTER_USES; i++) cache.use(b);
    expect(cache.use(a)).toEqual(bytes(40)); // placed more than REPLACE_AFTER_USES uses ago: moves
    cache.put('c', bytes(40));
    expect(b.bytes).toBeNull();
    expect(a.bytes).not.toBeNull();
  });

  it('replaces an entry stored again under its key, counting its bytes once', () => {
    const cache = new TileBytesCache(100);
    const first = cache.put('a', bytes(30, 1));
    const second = cache.put('a', bytes(30, 2));
    expect(first.bytes).toBeNull();
    expect(cache.get('a')).toBe(second);
    expect([cache.size, cache.byteSize]).toEqual([1, 30]);
  });

  it('does not keep bytes larger than the whole budget', () => {
    const cache = new TileBytesCache(100);
    const kept = cache.put('a', bytes(60));
    const huge = cache.put('b', bytes(101));
    expect(huge.bytes).toBeNull();
    expect(kept.bytes).toBeNull();
    expect([cache.size, cache.byteSize]).toEqual([0, 0]);
  });
});
