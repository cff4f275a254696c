import { Entity, PrimaryColumn, Column } from 'typeorm';

/**
 * A lease on one package of an organization (organization + content key): whoever holds it may
 * decide whether the package exists, is shared, or may be deleted. A row whose `expiresAt` has
 * passed belongs to a process that died holding it and may be taken over.
 */
@Entity('printable_content_locks')
export class PrintableContentLockEntity {
  @PrimaryColumn({ name: 'organization_id', type: 'varchar', length: 40 })
  organizationId!: string;

  @PrimaryColumn({ name: 'content_key', type: 'varchar', length: 71 })
  contentKey!: string;

  @Column({ type: 'varchar', length: 40 })
  holder!: string;

  /** ISO timestamp (same width everywhere, so string order is time order on both drivers) */
  @Column({ name: 'expires_at', type: 'varchar', length: 32 })
  expiresAt!: string;
}
