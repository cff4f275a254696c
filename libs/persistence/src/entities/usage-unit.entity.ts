import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One billable unit of usage, e.g. one completed `POST /scorecards/process` photo request.
 * The id is the logical request's idempotency record id, so a unit is recorded at most once
 * however often the write is retried.
 */
@Entity('usage_units')
@Index('idx_usage_units_org_time', ['organizationId', 'createdAt'])
export class UsageUnitEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'organization_id', type: 'varchar', length: 40 })
  organizationId!: string;

  @Column({ name: 'api_key_id', type: 'varchar', length: 40 })
  apiKeyId!: string;

  /** The metered scope, e.g. `scorecards:process`. */
  @Column({ type: 'varchar', length: 64 })
  scope!: string;

  @Column({ name: 'request_id', type: 'varchar', length: 128 })
  requestId!: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;
}
