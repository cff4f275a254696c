import { Inject, Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { RedisClient } from '@caddie/jobs';
import { ApiConfig } from '../config/api-config';
import { REDIS } from '../redis/redis.module';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** seconds until the window resets */
  resetSeconds: number;
}

const WINDOW_MS = 60_000;
/** Largest lease: at most this many slots of one window are taken from Redis in one round trip. */
export const MAX_LEASE = 256;
/** Buckets with a lease held per process; beyond it the oldest lease is dropped (its unused slots are lost). */
export const LEASE_BUCKET_LIMIT = 50_000;
/**
 * Leases never exceed this share of the limit. With the run leased ahead (at most a quarter of a
 * lease left, plus one lease), a replica holds at most 1% of the limit unused.
 */
const LEASE_SHARE = 0.008;
/** Leases at least this large are renewed ahead, when a quarter is left, so busy buckets never wait for Redis. */
const LEASE_AHEAD_MIN = 16;

// Takes `n` consecutive slots of a window in one round trip and returns the last one: INCRBY and
// expiry together, so every replica counts against the same window. Registered as a command:
// ioredis sends EVALSHA (the script text only once per connection, on NOSCRIPT).
const LEASE_COMMAND = 'caddieRateLimitLease';
const LEASE = `
local last = redis.call('INCRBY', KEYS[1], ARGV[2])
if last == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return last`;

/** Slots of one bucket's current window held by this process: `next`..`last` are still unused. */
interface Lease {
  window: number;
  next: number;
  last: number;
  /** size of the latest lease; doubles while the bucket keeps running dry within a window */
  size: number;
  /** the shared counter passed the limit: every later slot of this window is refused too */
  exhausted: boolean;
  pending: Promise<void> | null;
  /** the next run, leased while this one still had slots: first and last slot */
  ahead: [number, number] | null;
}

/**
 * Fixed one-minute windows per key (or per client address), counted in Redis and shared by all
 * replicas. Every request takes one numbered slot of its bucket's window, and a slot numbered
 * above the limit is refused, so all replicas together never let more than the limit through.
 *
 * A busy bucket does not pay a Redis round trip per request: a replica leases consecutive slots
 * (1 at first, doubling while it keeps running dry, at most MAX_LEASE and at most 0.8% of the
 * limit) and hands them out locally; a lease of LEASE_AHEAD_MIN slots or more is renewed in the
 * background when a quarter is left, so requests of a busy bucket do not wait for Redis. Slots a
 * replica leased but did not use before the window ends are lost, so a client spread over several
 * replicas may be refused up to 1% of its limit per replica early, never late. Small limits
 * (under 125 a minute) always lease one slot: exact counting.
 * Once a window's counter passed the limit, the replica refuses the rest of that window locally.
 */
/**
 * After Redis failed to answer, requests are let through without asking it for this long, so an
 * outage costs one command timeout per process now and then, not one per request.
 */
export const FAIL_OPEN_RETRY_MS = 5_000;

@Injectable()
export class RateLimiterService {
  private readonly logger = new Logger(RateLimiterService.name);
  private lastFailureLog = 0;
  private failOpenUntil = 0;
  private readonly leases = new LRUCache<string, Lease>({ max: LEASE_BUCKET_LIMIT });
  private leaseWindow = -1;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly config: ApiConfig,
  ) {
    if (!(LEASE_COMMAND in this.redis)) this.redis.defineCommand(LEASE_COMMAND, { numberOfKeys: 1, lua: LEASE });
  }

  async consume(bucket: string, limit: number, now = Date.now()): Promise<RateLimitDecision> {
    const window = Math.floor(now / WINDOW_MS);
    const resetSeconds = resetSecondsOf(window, now);
    if (window !== this.leaseWindow) {
      // a new window: every lease of the previous one is void
      this.leases.clear();
      this.leaseWindow = window;
    }
    if (Date.now() < this.failOpenUntil) return { allowed: true, limit, remaining: limit, resetSeconds };
    const lease = this.leaseOf(bucket, window);
    try {
      while (!lease.exhausted && !this.hasSlot(lease, limit)) {
        lease.pending ??= this.renew(bucket, lease, limit).finally(() => (lease.pending = null));
        await lease.pending;
      }
    } catch (error) {
      // Fail open: a Redis outage must not take every endpoint down; it is logged and /ready reports it.
      this.failOpenUntil = Date.now() + FAIL_OPEN_RETRY_MS;
      if (now - this.lastFailureLog > WINDOW_MS) {
        this.lastFailureLog = now;
        this.logger.warn(`rate limiting skipped: ${(error as Error).message}`);
      }
      return { allowed: true, limit, remaining: limit, resetSeconds };
    }
    if (lease.exhausted) return { allowed: false, limit, remaining: 0, resetSeconds };
    const slot = lease.next++;
    this.leaseAhead(bucket, lease, limit);
    return { allowed: slot <= limit, limit, remaining: Math.max(0, limit - slot), resetSeconds };
  }

  /**
   * The next slot of a lease this process already holds, without Redis: an allowed decision when
   * one is at hand and within the limit, otherwise null and nothing is taken (consume() then
   * leases, or refuses). Used by the fast lane, which answers only what needs no waiting.
   */
  takeNow(bucket: string, limit: number, now = Date.now()): RateLimitDecision | null {
    const window = Math.floor(now / WINDOW_MS);
    const lease = window === this.leaseWindow ? this.leases.get(bucket) : undefined;
    if (!lease || lease.window !== window || lease.exhausted || !this.hasSlot(lease, limit) || lease.next > limit) return null;
    const slot = lease.next++;
    this.leaseAhead(bucket, lease, limit);
    return { allowed: true, limit, remaining: limit - slot, resetSeconds: resetSecondsOf(window, now) };
  }

  private leaseOf(bucket: string, window: number): Lease {
    let lease = this.leases.get(bucket);
    if (!lease || lease.window !== window) {
      lease = { window, next: 1, last: 0, size: 0, exhausted: false, pending: null, ahead: null };
      this.leases.set(bucket, lease);
    }
    return lease;
  }

  /** Whether the lease has an unused slot, moving to the run leased ahead when the current one is spent. */
  private hasSlot(lease: Lease, limit: number): boolean {
    if (lease.next <= lease.last) return true;
    if (!lease.ahead) return false;
    [lease.next, lease.last] = lease.ahead;
    lease.ahead = null;
    // slots beyond the limit are refused; the counter only grows, so the whole window is spent
    if (lease.next > limit) lease.exhausted = true;
    return !lease.exhausted;
  }

  /** Starts leasing the next run in the background when a large lease is down to its last quarter. */
  private leaseAhead(bucket: string, lease: Lease, limit: number): void {
    if (lease.size < LEASE_AHEAD_MIN || lease.pending || lease.ahead || lease.last - lease.next + 1 > lease.size / 4) return;
    // a failure is left to the next consume(), which renews (or fails open) itself
    lease.pending = this.renew(bucket, lease, limit)
      .catch(() => undefined)
      .finally(() => (lease.pending = null));
  }

  /** Leases the next run of slots of the bucket's window from Redis: the current run when spent, else the run ahead. */
  private async renew(bucket: string, lease: Lease, limit: number): Promise<void> {
    const size = Math.max(1, Math.min(MAX_LEASE, Math.floor(limit * LEASE_SHARE), lease.size * 2));
    const key = `${this.config.env.REDIS_PREFIX}:ratelimit:${bucket}:${lease.window}`;
    const command = (this.redis as unknown as Record<typeof LEASE_COMMAND, (key: string, ttlMs: string, size: string) => Promise<number>>)[LEASE_COMMAND];
    const last = Number(await command.call(this.redis, key, String(WINDOW_MS + 1000), String(size)));
    lease.size = size;
    lease.ahead = [last - size + 1, last];
    this.hasSlot(lease, limit);
  }
}

/** Whole seconds until the end of a window, at least 1. */
function resetSecondsOf(window: number, now: number): number {
  return Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
}
