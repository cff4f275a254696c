import { RecentReads } from './recent-reads';

describe('RecentReads', () => {
  afterEach(() => jest.useRealTimers());

  it('shares one read among requests within freshMs and reads again after it', async () => {
    jest.useFakeTimers({ now: 0 });
    let reads = 0;
    const recent = new RecentReads(async (key: string) => `${key}:${++reads}`, 1000);
    expect(recent.now('a')).toBeUndefined();
    const [x, y] = await Promise.all([recent.get('a'), recent.get('a')]);
    expect([x, y, reads]).toEqual(['a:1', 'a:1', 1]);
    expect(recent.now('a')).toBe('a:1');
    jest.setSystemTime(1000);
    expect(recent.now('a')).toBeUndefined();
    expect(await recent.get('a')).toBe('a:2');
  });

  it('reads ahead past half of freshMs, keeping the old value until the new one answered', async () => {
    jest.useFakeTimers({ now: 0 });
    let reads = 0;
    const recent = new RecentReads(async () => ++reads, 1000);
    await recent.get('k');
    jest.setSystemTime(600);
    expect(recent.now('k')).toBe(1); // starts the read ahead
    expect(recent.now('k')).toBe(1); // only one under way
    await Promise.resolve();
    await Promise.resolve();
    expect(reads).toBe(2);
    expect(recent.now('k')).toBe(2);
    jest.setSystemTime(1500);
    expect(recent.now('k')).toBe(2); // the read ahead began at 600
  });

  it('never remembers a failed read', async () => {
    let reads = 0;
    const recent = new RecentReads(async () => {
      reads++;
      throw new Error('no such course');
    }, 1000);
    await expect(recent.get('x')).rejects.toThrow('no such course');
    await expect(recent.get('x')).rejects.toThrow('no such course');
    expect([reads, recent.now('x')]).toEqual([2, undefined]);
  });
});
