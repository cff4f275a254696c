import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import {
  IDEMPOTENCY_RECORD_TTL_SECONDS,
  IdempotencyStore,
  IdempotencyUnavailableError,
  isValidIdempotencyKey,
} from '../../apps/api/src/platform/idempotency/idempotency-store';
import { TEST_REDIS_URL } from '../support/api-harness';

describe('IdempotencyStore on real Redis', () => {
  let redis: Redis;
  let store: IdempotencyStore;
  const prefix = `test-idem-${randomBytes(4).toString('hex')}`;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
    store = new IdempotencyStore(redis, prefix, 'process');
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('validates keys: 8..128 visible ASCII characters', () => {
    expect(isValidIdempotencyKey('abcdefgh')).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(128))).toBe(true);
    expect(isValidIdempotencyKey('!~"#$%&\'')).toBe(true);
    expect(isValidIdempotencyKey('abcdefg')).toBe(false);
    expect(isValidIdempotencyKey('x'.repeat(129))).toBe(false);
    expect(isValidIdempotencyKey('abcd efgh')).toBe(false);
    expect(isValidIdempotencyKey('abcdefgh\t')).toBe(false);
    expect(isValidIdempotencyKey('abcdéfghi')).toBe(false);
    expect(isValidIdempotencyKey(undefined)).toBe(false);
    expect(isValidIdempotencyKey(['abcdefgh'])).toBe(false);
  });

  it('lets exactly one of many concurrent claims start, with a 24-hour expiry and no plaintext key in Redis', async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => store.begin('org-1', 'key-concurrent-1', 'fp', `req-${i}`, 60_000)));
    expect(claims.filter((c) => c.kind === 'started')).toHaveLength(1);
    const owner = claims.find((c) => c.kind === 'started')!.record;
    for (const claim of claims.filter((c) => c.kind === 'existing')) expect(claim.record.recordId).toBe(owner.recordId);
    const [redisKey] = await redis.keys(`${prefix}:idempotency:*`);
    expect(redisKey).not.toContain('key-concurrent-1');
    const ttl = await redis.ttl(redisKey);
    expect(ttl).toBeGreaterThan(IDEMPOTENCY_RECORD_TTL_SECONDS - 10);
    expect(ttl).toBeLessThanOrEqual(IDEMPOTENCY_RECORD_TTL_SECONDS);
  });

  it('scopes keys per organization', async () => {
    expect((await store.begin('org-a', 'shared-key-1', 'fp', 'r1', 60_000)).kind).toBe('started');
    expect((await store.begin('org-b', 'shared-key-1', 'fp', 'r2', 60_000)).kind).toBe('started');
  });

  it('stores the completed result for replay, keeping the original expiry; only the owner may complete it', async () => {
    const claim = await store.begin('org-1', 'key-complete-1', 'fp', 'req-1', 60_000);
    if (claim.kind !== 'started') throw new Error('expected a new claim');
    const stranger = { ...claim.record, recordId: 'someone-else' };
    expect(await store.complete('org-1', 'key-complete-1', stranger, { status: 200, body: { x: 1 } })).toBe(false);
    expect(await store.complete('org-1', 'key-complete-1', claim.record, { status: 200, body: { x: 1 } })).toBe(true);
    // done is final: a second completion or an unknown mark changes nothing
    expect(await store.markUnknown('org-1', 'key-complete-1', claim.record)).toBe(false);
    const again = await store.begin('org-1', 'key-complete-1', 'fp', 'req-2', 60_000);
    expect(again).toMatchObject({ kind: 'existing', record: { state: 'done', result: { status: 200, body: { x: 1 } } } });
  });

  it('keeps the TTL when a record is completed', async () => {
    const claim = await store.begin('org-ttl', 'key-ttl-0001', 'fp', 'req-1', 60_000);
    if (claim.kind !== 'started') throw new Error('expected a new claim');
    const keys = await redis.keys(`${prefix}:idempotency:*`);
    const before = new Map(await Promise.all(keys.map(async (k) => [k, await redis.ttl(k)] as const)));
    await store.complete('org-ttl', 'key-ttl-0001', claim.record, { status: 200, body: {} });
    for (const k of keys) expect(await redis.ttl(k)).toBeGreaterThan((before.get(k) ?? 0) - 5);
    for (const k of keys) expect(await redis.ttl(k)).toBeGreaterThan(0);
  });

  it('release frees the key for a retry; markUnknown pins it', async () => {
    const first = await store.begin('org-1', 'key-release-1', 'fp', 'req-1', 60_000);
    if (first.kind !== 'started') throw new Error('expected a new claim');
    await store.release('org-1', 'key-release-1', first.record);
    const retry = await store.begin('org-1', 'key-release-1', 'fp', 'req-2', 60_000);
    expect(retry.kind).toBe('started');
    if (retry.kind !== 'started') return;
    // the old owner can no longer release the new claim
    await store.release('org-1', 'key-release-1', first.record);
    expect((await store.begin('org-1', 'key-release-1', 'fp', 'req-3', 60_000)).kind).toBe('existing');
    expect(await store.markUnknown('org-1', 'key-release-1', retry.record)).toBe(true);
    expect(await store.begin('org-1', 'key-release-1', 'fp', 'req-4', 60_000)).toMatchObject({ kind: 'existing', record: { state: 'unknown' } });
  });

  it('reports an unreachable Redis as IdempotencyUnavailableError', async () => {
    const dead = new Redis({ port: 1, host: '127.0.0.1', maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    dead.on('error', () => undefined);
    const deadStore = new IdempotencyStore(dead, prefix, 'process');
    await expect(deadStore.begin('org-1', 'key-dead-0001', 'fp', 'req-1', 60_000)).rejects.toBeInstanceOf(IdempotencyUnavailableError);
    dead.disconnect();
  });
});
