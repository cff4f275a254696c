import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { UsageUnitEntity } from '@caddie/persistence';
import type { Principal } from '../platform/auth/principal';

export class UsageMeterUnavailableError extends Error {}

/**
 * Durable usage units in the database. `record` is idempotent on the unit id (a retried write
 * of the same logical request records nothing new); `withdraw` removes a unit whose result
 * could not be delivered.
 */
@Injectable()
export class UsageMeter {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(unitId: string, principal: Principal, scope: string, requestId: string): Promise<void> {
    try {
      await this.dataSource
        .createQueryBuilder()
        .insert()
        .into(UsageUnitEntity)
        .values({ id: unitId, organizationId: principal.organizationId, apiKeyId: principal.keyId, scope, requestId, createdAt: new Date().toISOString() })
        .orIgnore()
        .execute();
    } catch (error) {
      throw new UsageMeterUnavailableError(`the usage unit could not be recorded: ${(error as Error).message}`);
    }
  }

  async withdraw(unitId: string): Promise<void> {
    await this.dataSource.getRepository(UsageUnitEntity).delete({ id: unitId });
  }

  /** Units recorded for an organization and scope (reporting and tests). */
  count(organizationId: string, scope: string): Promise<number> {
    return this.dataSource.getRepository(UsageUnitEntity).countBy({ organizationId, scope });
  }
}
