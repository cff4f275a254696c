import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import { ApiKeyRegistry, isPublishable, type Scope } from '@caddie/access';
import { ApiConfig } from '../config/api-config';
import type { Principal } from './principal';

export type KeyVerdict = { status: 'valid'; principal: Principal } | { status: 'unknown' | 'revoked' };

const CACHE_LIMIT = 10_000;
/** Real keys have at most 83 characters; longer strings are never cached (they cannot be valid). */
const CACHED_KEY_MAX_LENGTH = 100;

/**
 * Verifies presented keys. Verdicts are cached for API_KEY_CACHE_SECONDS in this process only,
 * which bounds how long a revoked key keeps working on a replica. The cache is keyed by the
 * presented key itself, so a request with a known key costs a map lookup, not a SHA-256 (the
 * registry stores only hashes; the key strings live in this process's memory as long as their
 * verdicts, a few seconds).
 */
@Injectable()
export class ApiKeysService {
  readonly registry: ApiKeyRegistry;
  private readonly cache = new LRUCache<string, { verdict: KeyVerdict; expiresAt: number }>({ max: CACHE_LIMIT });

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly config: ApiConfig,
  ) {
    this.registry = new ApiKeyRegistry(dataSource, config.operatorToken);
  }

  async verify(key: string): Promise<KeyVerdict> {
    const cached = this.verdictNow(key);
    if (cached) return cached;
    const entity = await this.registry.findByPlaintext(key);
    const verdict: KeyVerdict = !entity
      ? { status: 'unknown' }
      : entity.revokedAt
        ? { status: 'revoked' }
        : {
            status: 'valid',
            principal: {
              keyId: entity.id,
              organizationId: entity.organizationId,
              kind: entity.kind,
              publishable: isPublishable(entity.kind),
              scopes: entity.scopes as Scope[],
              origins: entity.origins,
              datasets: entity.datasets,
              rateLimitPerMinute: entity.rateLimitPerMinute,
            },
          };
    const ttl = this.config.env.API_KEY_CACHE_SECONDS * 1000;
    if (ttl > 0 && key.length <= CACHED_KEY_MAX_LENGTH) {
      this.cache.set(key, { verdict, expiresAt: Date.now() + ttl });
    }
    return verdict;
  }

  /** The cached verdict on a key, without a database read: undefined when none is cached (or it expired). */
  verdictNow(key: string): KeyVerdict | undefined {
    const cached = this.cache.get(key);
    return cached && cached.expiresAt > Date.now() ? cached.verdict : undefined;
  }

  /** Drops the cached verdicts on one key (revoked through this process: it stops working here at once). */
  forget(keyId: string): void {
    for (const [key, cached] of this.cache.entries()) {
      if (cached.verdict.status === 'valid' && cached.verdict.principal.keyId === keyId) this.cache.delete(key);
    }
  }
}
