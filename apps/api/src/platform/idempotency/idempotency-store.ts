import { createHash, randomUUID } from 'node:crypto';
import type { RedisClient } from '@caddie/jobs';

/** Spec Limits: idempotency records live 24 hours from the first request. */
export const IDEMPOTENCY_RECORD_TTL_SECONDS = 24 * 60 * 60;

/** 8..128 visible ASCII characters (0x21..0x7e). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

export function isValidIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value);
}

export type IdempotencyState = 'running' | 'done' | 'unknown';

export interface IdempotencyRecord {
  /** Unique per logical request; also the id of its usage unit, so metering happens at most once. */
  recordId: string;
  state: IdempotencyState;
  /** sha256 of the canonical input (metadata, image or URL, processing version). */
  fingerprint: string;
  /** The request that owns a running record. */
  ownerRequestId: string;
  createdAt: number;
  /** A running record whose lease passed belongs to a process that died mid-request. */
  leaseUntil: number;
  /** The stored response of a completed request. */
  result?: { status: number; body: unknown };
}

export type BeginOutcome = { kind: 'started'; record: IdempotencyRecord } | { kind: 'existing'; record: IdempotencyRecord };

export class IdempotencyUnavailableError extends Error {}

/**
 * Idempotency records of one operation (`POST /scorecards/process`, `POST …/printables`), shared
 * by every API replica through Redis. One record per (scope, Idempotency-Key); it is created atomically (SET NX), moved
 * to `done` or `unknown` only by its owner (compare-and-set in Lua), and expires 24 hours
 * after the first request. The key is hashed, so client keys never appear in Redis.
 */
export class IdempotencyStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    /** which operation's records these are; operations never see each other's keys */
    private readonly operation: string,
    private readonly now: () => number = Date.now,
  ) {}

  private redisKey(scope: string, idempotencyKey: string): string {
    const digest = createHash('sha256').update(scope).update('\0').update(idempotencyKey).digest('hex');
    return `${this.prefix}:idempotency:${this.operation}:${digest}`;
  }

  /** Claims the key for this request, or returns the record another request holds. */
  async begin(scope: string, idempotencyKey: string, fingerprint: string, ownerRequestId: string, leaseMs: number): Promise<BeginOutcome> {
    const key = this.redisKey(scope, idempotencyKey);
    const now = this.now();
    const record: IdempotencyRecord = { recordId: randomUUID(), state: 'running', fingerprint, ownerRequestId, createdAt: now, leaseUntil: now + leaseMs };
    return this.guard(async () => {
      // A record can expire between SET NX and GET; one more round settles it.
      for (let attempt = 0; attempt < 2; attempt++) {
        const created = await this.redis.set(key, JSON.stringify(record), 'EX', IDEMPOTENCY_RECORD_TTL_SECONDS, 'NX');
        if (created === 'OK') return { kind: 'started', record };
        const existing = await this.redis.get(key);
        if (existing) return { kind: 'existing', record: JSON.parse(existing) as IdempotencyRecord };
      }
      throw new IdempotencyUnavailableError('the idempotency record changed twice while it was being read');
    });
  }

  /** Stores the completed response for replay (keeps the record's original expiry). */
  complete(scope: string, idempotencyKey: string, record: IdempotencyRecord, result: { status: number; body: unknown }): Promise<boolean> {
    return this.transition(scope, idempotencyKey, record, { ...record, state: 'done', result });
  }

  /** The outcome cannot be known (the request may have been read): replays must not read again. */
  markUnknown(scope: string, idempotencyKey: string, record: IdempotencyRecord): Promise<boolean> {
    return this.transition(scope, idempotencyKey, record, { ...record, state: 'unknown' });
  }

  /** Drops a running record whose request failed with nothing stored or metered: the same key may retry. */
  async release(scope: string, idempotencyKey: string, record: IdempotencyRecord): Promise<void> {
    await this.guard(() => this.redis.eval(RELEASE_SCRIPT, 1, this.redisKey(scope, idempotencyKey), record.recordId));
  }

  /** Serialized size of a completed record (what `complete` would store). */
  storedSize(record: IdempotencyRecord, result: { status: number; body: unknown }): number {
    return Buffer.byteLength(JSON.stringify({ ...record, state: 'done', result }));
  }

  private async transition(scope: string, idempotencyKey: string, owned: IdempotencyRecord, next: IdempotencyRecord): Promise<boolean> {
    const changed = await this.guard(() => this.redis.eval(TRANSITION_SCRIPT, 1, this.redisKey(scope, idempotencyKey), owned.recordId, JSON.stringify(next)));
    return changed === 1;
  }

  private async guard<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof IdempotencyUnavailableError) throw error;
      throw new IdempotencyUnavailableError(`the idempotency store is unavailable: ${(error as Error).message}`);
    }
  }
}

/** Replaces a running record owned by ARGV[1] with ARGV[2], keeping its expiry. */
const TRANSITION_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local record = cjson.decode(current)
if record.recordId ~= ARGV[1] or record.state ~= 'running' then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1
`;

/** Deletes a running record owned by ARGV[1]. */
const RELEASE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local record = cjson.decode(current)
if record.recordId ~= ARGV[1] or record.state ~= 'running' then return 0 end
redis.call('DEL', KEYS[1])
return 1
`;
