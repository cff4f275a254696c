import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import type { ApiConfig } from '../../apps/api/src/platform/config/api-config';
import { LEASE_BUCKET_LIMIT, MAX_LEASE, RateLimiterService } from '../../apps/api/src/platform/rate-limit/rate-limiter.service';
import { TEST_REDIS_URL } from '../support/api-harness';

/** Several replicas of the limiter sharing one Redis, as several API processes do. */
describe('RateLimiterService on real Redis (leased slots)', () => {
  let redis: Redis;
  const prefix = `test-rl-${randomBytes(4).toString('hex')}`;
  const config = { env: { REDIS_PREFIX: prefix } } as unknown as ApiConfig;
  /** a fixed instant in the middle of a window, so no test straddles two windows */
  const now = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
  const window = Math.floor(now / 60_000);
  const replicas = (n: number) => Array.from({ length: n }, () => new RateLimiterService(redis, config));
  const counter = async (bucket: string) => Number(await redis.get(`${prefix}:ratelimit:${bucket}:${window}`));

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts small limits exactly across replicas, one slot per request', async () => {
    const [a, b] = replicas(2);
    const decisions = [];
    for (let i = 0; i < 7; i++) decisions.push(await (i % 2 ? b : a).consume('small', 5, now));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
    expect(decisions[0].limit).toBe(5);
    expect(decisions[0].resetSeconds).toBe(30);
    expect(await counter('small')).toBe(7);
  });

  it('never lets more than the limit through when busy replicas lease slots concurrently', async () => {
    const limit = 2_000; // leases of up to 16 slots, renewed ahead: at most 20 held per replica
    const limiters = replicas(3);
    const decisions = await Promise.all(Array.from({ length: 3_000 }, (_, i) => limiters[i % 3].consume('busy', limit, now)));
    const allowed = decisions.filter((d) => d.allowed).length;
    expect(allowed).toBeLessThanOrEqual(limit);
    // each replica loses at most the last quarter of a lease and one lease leased ahead
    expect(allowed).toBeGreaterThanOrEqual(limit - 3 * 20);
    // no slot number is handed out twice: the remaining counts of allowed requests are distinct
    const remaining = decisions.filter((d) => d.allowed).map((d) => d.remaining);
    expect(new Set(remaining).size).toBe(remaining.length);
  });

  it('pays one Redis round trip per lease, not per request, for a large limit', async () => {
    const [limiter] = replicas(1);
    const lease = jest.spyOn(redis as unknown as { caddieRateLimitLease: (...args: string[]) => Promise<number> }, 'caddieRateLimitLease');
    try {
      for (let i = 0; i < 2_000; i++) expect((await limiter.consume('large', 1_000_000, now)).allowed).toBe(true);
      // 1 + 2 + 4 + ... + 128, then leases of MAX_LEASE slots, and one leased ahead
      expect(lease.mock.calls.length).toBeLessThanOrEqual(9 + Math.ceil(2_000 / MAX_LEASE));
      expect(lease.mock.calls.length).toBeGreaterThan(1);
    } finally {
      lease.mockRestore();
    }
    const leased = await counter('large');
    expect(leased).toBeGreaterThanOrEqual(2_000);
    expect(leased).toBeLessThan(2_000 + 2 * MAX_LEASE); // the spent run, and at most one leased ahead
    // a single replica reports the exact remaining count
    expect((await limiter.consume('large', 1_000_000, now)).remaining).toBe(1_000_000 - 2_001);
  });

  it('leases ahead for a busy bucket, so takeNow() keeps finding slots without waiting; small limits never', async () => {
    const [limiter] = replicas(1);
    for (let i = 0; i < 600; i++) await limiter.consume('ahead', 1_000_000, now); // leases grow to MAX_LEASE
    let taken = 0;
    for (let round = 0; round < 10; round++) {
      while (limiter.takeNow('ahead', 1_000_000, now)) taken++;
      await new Promise((resolve) => setTimeout(resolve, 50)); // the run leased in the background arrives
    }
    // without leasing ahead, takeNow() would stop for good at the end of the first lease
    expect(taken).toBeGreaterThan(5 * MAX_LEASE);
    // every slot counted once, in order
    expect((await limiter.consume('ahead', 1_000_000, now)).remaining).toBe(1_000_000 - 600 - taken - 1);

    await limiter.consume('exact', 5, now);
    expect(limiter.takeNow('exact', 5, now)).toBeNull();
    expect((await limiter.consume('exact', 5, now)).remaining).toBe(3);
  });

  it('refuses the rest of an exhausted window without asking Redis, and starts over in the next window', async () => {
    const [limiter] = replicas(1);
    for (let i = 0; i < 3; i++) await limiter.consume('spent', 3, now);
    const refused = await limiter.consume('spent', 3, now);
    expect(refused.allowed).toBe(false);
    const before = await counter('spent');
    for (let i = 0; i < 10; i++) expect((await limiter.consume('spent', 3, now)).allowed).toBe(false);
    expect(await counter('spent')).toBe(before);
    const next = await limiter.consume('spent', 3, now + 60_000);
    expect(next).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 30 });
  });

  it('expires each window key shortly after its window', async () => {
    const [limiter] = replicas(1);
    await limiter.consume('ttl', 10, now);
    const ttl = await redis.pttl(`${prefix}:ratelimit:ttl:${window}`);
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
  });

  it('holds leases for at most LEASE_BUCKET_LIMIT buckets', async () => {
    const [limiter] = replicas(1);
    const count = LEASE_BUCKET_LIMIT + 500;
    for (let i = 0; i < count; i += 5_000) {
      await Promise.all(Array.from({ length: Math.min(5_000, count - i) }, (_, j) => limiter.consume(`many-${i + j}`, 5, now)));
    }
    expect((limiter as unknown as { leases: Map<string, unknown> }).leases.size).toBe(LEASE_BUCKET_LIMIT);
    // a bucket whose lease was dropped still counts on: its next request takes the next slot from Redis
    expect((await limiter.consume('many-0', 5, now)).remaining).toBe(3);
  }, 60_000);

  it('fails open while Redis is unreachable', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      const limiter = new RateLimiterService(down, config);
      const decision = await limiter.consume('down', 5, now);
      expect(decision).toEqual({ allowed: true, limit: 5, remaining: 5, resetSeconds: 30 });
    } finally {
      down.disconnect();
    }
  });
});
