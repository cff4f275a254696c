import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type ApiKeyKind = 'live' | 'test' | 'pk_live' | 'pk_test';

@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Index('idx_api_keys_organization')
  @Column({ name: 'organization_id', type: 'varchar', length: 40 })
  organizationId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: ApiKeyKind;

  /** sha256 of the whole key; the plaintext is shown once and never stored. */
  @Index('uq_api_keys_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash!: string;

  /** Prefix plus last four characters, for humans telling keys apart. */
  @Column({ name: 'key_hint', type: 'varchar', length: 40 })
  keyHint!: string;

  @Column({ type: 'simple-json' })
  scopes!: string[];

  /** Exact licensed browser origins (publishable keys only). */
  @Column({ type: 'simple-json' })
  origins!: string[];

  /** Course data datasets granted beyond `identity`. */
  @Column({ type: 'simple-json' })
  datasets!: string[];

  @Column({ name: 'rate_limit_per_minute', type: 'integer', nullable: true })
  rateLimitPerMinute!: number | null;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'revoked_at', type: 'varchar', length: 32, nullable: true })
  revokedAt!: string | null;
}
