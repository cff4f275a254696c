import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LessThan, type DataSource, type Repository } from 'typeorm';
import { ConsoleCredentialEntity, OrganizationEntity } from '@caddie/persistence';

/** A sign-in link token is good once, for this long. */
export const SIGN_IN_TOKEN_TTL_MS = 10 * 60_000;
/** A console session lasts this long after sign-in (no sliding renewal). */
export const SESSION_TTL_MS = 8 * 60 * 60_000;

export interface ConsoleSession {
  organizationId: string;
  organizationName: string;
  expiresAt: string;
  /** sha256 of the session secret: identifies the session without revealing it */
  id: string;
}

export class ConsoleSessionError extends Error {
  constructor(
    readonly code: 'unknown-organization' | 'no-organization' | 'ambiguous-organization',
    message: string,
  ) {
    super(message);
  }
}

export interface ConsoleSessionOptions {
  now?: () => number;
  signInTtlMs?: number;
  sessionTtlMs?: number;
}

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Console sign-in: one-time, short-lived link tokens exchanged for organization-scoped sessions.
 * Secrets are 256 random bits; only their sha256 is stored, so a database read leaks no usable
 * credential. The CSRF token of a session is derived from its secret (HMAC-free: sha256 of a
 * labelled secret), so it needs no storage and changes with every session.
 */
export class ConsoleSessions {
  private readonly credentials: Repository<ConsoleCredentialEntity>;
  private readonly organizations: Repository<OrganizationEntity>;
  private readonly now: () => number;
  private readonly signInTtlMs: number;
  private readonly sessionTtlMs: number;

  constructor(dataSource: DataSource, options: ConsoleSessionOptions = {}) {
    this.credentials = dataSource.getRepository(ConsoleCredentialEntity);
    this.organizations = dataSource.getRepository(OrganizationEntity);
    this.now = options.now ?? Date.now;
    this.signInTtlMs = options.signInTtlMs ?? SIGN_IN_TOKEN_TTL_MS;
    this.sessionTtlMs = options.sessionTtlMs ?? SESSION_TTL_MS;
  }

  /**
   * The organization a link signs into: the given one, else the only one, else the development
   * organization `npm start` creates.
   */
  async resolveOrganization(organizationId?: string): Promise<OrganizationEntity> {
    if (organizationId) {
      const found = await this.organizations.findOneBy({ id: organizationId });
      if (!found) throw new ConsoleSessionError('unknown-organization', `no organization ${organizationId}`);
      return found;
    }
    const all = await this.organizations.find({ order: { createdAt: 'ASC' }, take: 50 });
    if (all.length === 0)
      throw new ConsoleSessionError('no-organization', 'there is no organization yet: run npm start once, or create a key with npm run keys');
    if (all.length === 1) return all[0];
    const development = all.find((o) => o.name === 'Development organization');
    if (development) return development;
    throw new ConsoleSessionError('ambiguous-organization', `several organizations exist; pass --org (${all.map((o) => o.id).join(', ')})`);
  }

  /** A new one-time sign-in token for the organization; the plaintext is returned once. */
  async createSignInToken(organizationId: string): Promise<{ token: string; expiresAt: string }> {
    const token = newSecret();
    const expiresAt = this.iso(this.now() + this.signInTtlMs);
    await this.credentials.insert({ secretHash: digest(token), kind: 'sign-in', organizationId, createdAt: this.iso(this.now()), expiresAt, usedAt: null });
    return { token, expiresAt };
  }

  /**
   * Exchanges a sign-in token for a session secret, at most once: the token is marked used by a
   * conditional update, so two concurrent exchanges cannot both succeed. Null when the token is
   * unknown, used or expired.
   */
  async exchange(token: string): Promise<{ secret: string; session: ConsoleSession } | null> {
    if (!SECRET_SHAPE.test(token)) return null;
    const hash = digest(token);
    const now = this.iso(this.now());
    const row = await this.credentials.findOneBy({ secretHash: hash, kind: 'sign-in' });
    if (!row || row.usedAt || row.expiresAt <= now) return null;
    const claimed = await this.credentials
      .createQueryBuilder()
      .update()
      .set({ usedAt: now })
      .where('secret_hash = :hash AND kind = :kind AND used_at IS NULL', { hash, kind: 'sign-in' })
      .execute();
    if (claimed.affected !== 1) return null;
    const secret = newSecret();
    const expiresAt = this.iso(this.now() + this.sessionTtlMs);
    await this.credentials.insert({ secretHash: digest(secret), kind: 'session', organizationId: row.organizationId, createdAt: now, expiresAt, usedAt: null });
    const session = await this.verify(secret);
    return session ? { secret, session } : null;
  }

  /** The live session of a cookie secret, or null (unknown, signed out or expired). */
  async verify(secret: string | undefined): Promise<ConsoleSession | null> {
    if (!secret || !SECRET_SHAPE.test(secret)) return null;
    const row = await this.credentials.findOneBy({ secretHash: digest(secret), kind: 'session' });
    if (!row || row.expiresAt <= this.iso(this.now())) return null;
    const organization = await this.organizations.findOneBy({ id: row.organizationId });
    if (!organization) return null;
    return { organizationId: row.organizationId, organizationName: organization.name, expiresAt: row.expiresAt, id: row.secretHash };
  }

  /** Ends a session (sign-out). */
  async end(secret: string): Promise<void> {
    if (SECRET_SHAPE.test(secret)) await this.credentials.delete({ secretHash: digest(secret), kind: 'session' });
  }

  /** Deletes expired tokens and sessions; returns how many. */
  async sweep(): Promise<number> {
    return (await this.credentials.delete({ expiresAt: LessThan(this.iso(this.now())) })).affected ?? 0;
  }

  /** The CSRF token of a session: sent in a header by the page, compared in constant time. */
  static csrfToken(secret: string): string {
    return createHash('sha256').update(`caddie-console-csrf:${secret}`).digest('base64url');
  }

  static csrfMatches(secret: string, presented: unknown): boolean {
    if (typeof presented !== 'string') return false;
    const expected = Buffer.from(ConsoleSessions.csrfToken(secret));
    const given = Buffer.from(presented);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private iso(ms: number): string {
    return new Date(ms).toISOString();
  }
}
