import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** What a console credential row is: a one-time sign-in link token, or a signed-in session. */
export type ConsoleCredentialKind = 'sign-in' | 'session';

/**
 * A console sign-in token or session. Only the sha256 of the secret is stored: the plaintext of
 * a sign-in token is printed once by the CLI, a session secret lives only in an HttpOnly cookie.
 */
@Entity('console_credentials')
@Index('idx_console_credentials_expiry', ['expiresAt'])
export class ConsoleCredentialEntity {
  /** sha256 (hex) of the secret */
  @PrimaryColumn({ name: 'secret_hash', type: 'varchar', length: 64 })
  secretHash!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: ConsoleCredentialKind;

  @Column({ name: 'organization_id', type: 'varchar', length: 40 })
  organizationId!: string;

  @Column({ name: 'created_at', type: 'varchar', length: 32 })
  createdAt!: string;

  @Column({ name: 'expires_at', type: 'varchar', length: 32 })
  expiresAt!: string;

  /** set once when a sign-in token is exchanged (never reset) */
  @Column({ name: 'used_at', type: 'varchar', length: 32, nullable: true })
  usedAt!: string | null;
}
