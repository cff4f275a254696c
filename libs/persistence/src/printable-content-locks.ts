import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type DataSource, LessThan, type Repository } from 'typeorm';
import { PrintableContentLockEntity } from './entities/printable-content-lock.entity';

/** Longer than any create or delete of one package takes; a holder that dies frees it after this. */
export const PRINTABLE_CONTENT_LEASE_MS = 30_000;
const POLL_MS = 20;

export class PrintableContentBusyError extends Error {}

/**
 * Serializes the decisions about one package (organization + content key) across every API
 * process, on SQLite and PostgreSQL alike: a row per held lease, taken with an insert that
 * ignores a conflict (the primary key decides the winner), given back by its holder. A database
 * transaction cannot do this here: TypeORM's SQLite driver shares one connection, so other
 * requests' queries would run inside it, and the work under the lease includes object-store calls.
 */
export class PrintableContentLocks {
  private readonly leases: Repository<PrintableContentLockEntity>;

  constructor(
    dataSource: DataSource,
    private readonly leaseMs = PRINTABLE_CONTENT_LEASE_MS,
  ) {
    this.leases = dataSource.getRepository(PrintableContentLockEntity);
  }

  /** Runs `work` while holding the package's lease; waits up to `waitMs` for it. */
  async withLease<T>(organizationId: string, contentKey: string, waitMs: number, work: () => Promise<T>): Promise<T> {
    const holder = await this.acquire(organizationId, contentKey, waitMs);
    try {
      return await work();
    } finally {
      await this.leases.delete({ organizationId, contentKey, holder });
    }
  }

  private async acquire(organizationId: string, contentKey: string, waitMs: number): Promise<string> {
    const holder = randomUUID();
    const giveUpAt = Date.now() + waitMs;
    for (;;) {
      const now = new Date();
      await this.leases.delete({ organizationId, contentKey, expiresAt: LessThan(now.toISOString()) });
      const expiresAt = new Date(now.getTime() + this.leaseMs).toISOString();
      await this.leases.createQueryBuilder().insert().values({ organizationId, contentKey, holder, expiresAt }).orIgnore().execute();
      const current = await this.leases.findOneBy({ organizationId, contentKey });
      if (current?.holder === holder) return holder;
      if (Date.now() >= giveUpAt) throw new PrintableContentBusyError(`the package ${contentKey} stayed busy for ${waitMs} ms`);
      await sleep(POLL_MS + Math.floor(Math.random() * POLL_MS));
    }
  }
}
