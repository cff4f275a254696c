import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
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

// INCR and expiry in one round trip, so every replica counts against the same window.
// Registered as a command: ioredis sends EVALSHA (the script text only once per connection, on
// NOSCRIPT), so a request does not write the whole script to Redis each time.
const CONSUME_COMMAND = 'caddieRateLimitConsume';
const CONSUME = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return current`;

/** Fixed one-minute windows per key (or per client address), kept in Redis and shared by all replicas. */
@Injectable()
export class RateLimiterService {
  private readonly logger = new Logger(RateLimiterService.name);
  private lastFailureLog = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: ApiConfig,
  ) {
    if (!(CONSUME_COMMAND in this.redis)) this.redis.defineCommand(CONSUME_COMMAND, { numberOfKeys: 1, lua: CONSUME });
  }

  async consume(bucket: string, limit: number, now = Date.now()): Promise<RateLimitDecision> {
    const windowIndex = Math.floor(now / WINDOW_MS);
    const resetSeconds = Math.max(1, Math.ceil(((windowIndex + 1) * WINDOW_MS - now) / 1000));
    const key = `${this.config.env.REDIS_PREFIX}:ratelimit:${bucket}:${windowIndex}`;
    try {
      const consume = (this.redis as unknown as Record<typeof CONSUME_COMMAND, (key: string, ttlMs: string) => Promise<number>>)[CONSUME_COMMAND];
      const count = Number(await consume.call(this.redis, key, String(WINDOW_MS + 1000)));
      return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
    } catch (error) {
      // Fail open: a Redis outage must not take every endpoint down; it is logged and /ready reports it.
      if (now - this.lastFailureLog > WINDOW_MS) {
        this.lastFailureLog = now;
        this.logger.warn(`rate limiting skipped: ${(error as Error).message}`);
      }
      return { allowed: true, limit, remaining: limit, resetSeconds };
    }
  }
}
