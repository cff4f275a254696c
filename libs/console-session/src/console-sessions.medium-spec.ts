import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ApiKeyRegistry } from '@caddie/access';
import { openDatabase } from '@caddie/persistence';
import { ConsoleSessions } from './console-sessions';

/** Sign-in tokens and sessions on a real (SQLite) database, with a clock the test moves. */
describe('ConsoleSessions', () => {
  let db: DataSource;
  let now = Date.parse('2026-11-24T12:00:00Z');
  let organizationId = '';
  const clock = () => now;

  beforeAll(async () => {
    db = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'caddie-console-sessions-')) });
    organizationId = (await new ApiKeyRegistry(db, 'caddie').createOrganization('Development organization')).id;
  });
  afterAll(() => db.destroy());

  it('exchanges a sign-in token once; a second exchange, even concurrent, gets nothing', async () => {
    const sessions = new ConsoleSessions(db, { now: clock });
    const { token } = await sessions.createSignInToken(organizationId);
    const [a, b] = await Promise.all([sessions.exchange(token), sessions.exchange(token)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const won = (a ?? b)!;
    expect(won.session.organizationId).toBe(organizationId);
    expect(await sessions.exchange(token)).toBeNull();
    expect(await sessions.verify(won.secret)).toMatchObject({ organizationId, organizationName: 'Development organization' });
  });

  it('refuses an expired sign-in token', async () => {
    const sessions = new ConsoleSessions(db, { now: clock, signInTtlMs: 60_000 });
    const { token } = await sessions.createSignInToken(organizationId);
    now += 61_000;
    expect(await sessions.exchange(token)).toBeNull();
  });

  it('a session expires after its lifetime and ends at sign-out; sweep deletes what expired', async () => {
    const sessions = new ConsoleSessions(db, { now: clock, sessionTtlMs: 3_600_000 });
    const first = (await sessions.exchange((await sessions.createSignInToken(organizationId)).token))!;
    const second = (await sessions.exchange((await sessions.createSignInToken(organizationId)).token))!;
    now += 3_599_000;
    expect(await sessions.verify(first.secret)).not.toBeNull();
    await sessions.end(second.secret);
    expect(await sessions.verify(second.secret)).toBeNull();
    now += 2_000;
    expect(await sessions.verify(first.secret)).toBeNull();
    expect(await sessions.sweep()).toBeGreaterThanOrEqual(1);
  });

  it('derives a CSRF token per session and compares it exactly', () => {
    const token = ConsoleSessions.csrfToken('a'.repeat(43));
    expect(ConsoleSessions.csrfMatches('a'.repeat(43), token)).toBe(true);
    expect(ConsoleSessions.csrfMatches('b'.repeat(43), token)).toBe(false);
    expect(ConsoleSessions.csrfMatches('a'.repeat(43), token.slice(1))).toBe(false);
    expect(ConsoleSessions.csrfMatches('a'.repeat(43), undefined)).toBe(false);
  });

  it('rejects secrets of the wrong shape without a database read', async () => {
    const sessions = new ConsoleSessions(db, { now: clock });
    expect(await sessions.verify('short')).toBeNull();
    expect(await sessions.exchange('x'.repeat(500))).toBeNull();
  });
});
