import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { AccessError, ApiKeyRegistry } from '@caddie/access';
import { openDatabase } from '@caddie/persistence';

describe('ApiKeyRegistry (SQLite)', () => {
  let db: DataSource;
  let registry: ApiKeyRegistry;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'caddie-keys-')) });
    registry = new ApiKeyRegistry(db, 'caddie');
  });
  afterAll(() => db.destroy());

  it('stores only the hash and finds the key by its plaintext', async () => {
    const { key, summary } = await registry.create({ name: 'server', kind: 'live', scopes: ['courses:read'], datasets: ['geometry'] });
    expect(key.startsWith('caddie_live_')).toBe(true);
    const raw = await db.query('SELECT * FROM api_keys WHERE id = ?', [summary.id]);
    expect(JSON.stringify(raw)).not.toContain(key.slice('caddie_live_'.length));
    expect((await registry.findByPlaintext(key))?.id).toBe(summary.id);
    expect(summary.datasets[0]).toBe('identity');
    expect(summary.datasets).toContain('geometry.greens');
    expect(await registry.findByPlaintext(key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a'))).toBeNull();
  });

  it('refuses a key presented under another operator token', async () => {
    const { key } = await registry.create({ name: 'x', kind: 'test', scopes: ['courses:read'] });
    expect(await new ApiKeyRegistry(db, 'other').findByPlaintext(key)).toBeNull();
  });

  it.each([
    [{ kind: 'pk_live', scopes: ['scorecards:process'], origins: ['https://a.example'] }, 'scope-not-allowed-for-key-kind'],
    [{ kind: 'pk_test', scopes: ['course-data:read'], origins: ['https://a.example'] }, 'scope-not-allowed-for-key-kind'],
    [{ kind: 'live', scopes: ['scorecards:capture'] }, 'scope-not-allowed-for-key-kind'],
    [{ kind: 'pk_test', scopes: ['courses:read'] }, 'origin-required'],
    [{ kind: 'pk_test', scopes: ['courses:read'], origins: ['http://evil.example'] }, 'invalid-origin'],
    [{ kind: 'pk_test', scopes: ['courses:read'], origins: ['https://a.example/path'] }, 'invalid-origin'],
    [{ kind: 'live', scopes: ['courses:read'], origins: ['https://a.example'] }, 'origin-not-applicable'],
    [{ kind: 'root', scopes: [] }, 'invalid-key-kind'],
    [{ kind: 'live', scopes: ['everything'] }, 'unknown-scope'],
    [{ kind: 'live', scopes: ['courses:read'], datasets: ['secrets'] }, 'unknown-dataset'],
    [{ kind: 'live', scopes: [] }, 'scopes-required'],
  ])('rejects %j with %s', async (input, code) => {
    await expect(registry.create({ name: 'bad', ...input })).rejects.toMatchObject({ code });
    await expect(registry.create({ name: 'bad', ...input })).rejects.toBeInstanceOf(AccessError);
  });

  it('keeps dataset grants on the organization: a key widens them, revoking it takes nothing away', async () => {
    const organization = await registry.createOrganization(`grants ${Date.now()}`);
    expect(await registry.organizationGrants(organization.id)).toEqual(['identity']);
    const { summary } = await registry.create({
      organizationId: organization.id,
      name: 'pars',
      kind: 'test',
      scopes: ['course-data:read'],
      datasets: ['scorecard', 'geometry.greens'],
    });
    expect(await registry.organizationGrants(organization.id)).toEqual(['identity', 'scorecard', 'geometry.greens']);
    await registry.revoke(summary.id);
    expect(await registry.organizationGrants(organization.id)).toEqual(['identity', 'scorecard', 'geometry.greens']);
    expect(await registry.grantDatasets(organization.id, ['provenance'])).toEqual(['identity', 'scorecard', 'geometry.greens', 'provenance']);
    await expect(registry.grantDatasets(organization.id, ['secrets'])).rejects.toMatchObject({ code: 'unknown-dataset' });
    expect(await registry.organizationGrants('org_missing')).toEqual([]);
  });

  it('revokes idempotently and lists summaries without secrets', async () => {
    const { summary } = await registry.create({ name: 'temp', kind: 'pk_test', scopes: ['courses:read'], origins: ['https://app.example'] });
    expect(await registry.revoke(summary.id)).toBe(true);
    const first = (await registry.list()).find((k) => k.id === summary.id)!;
    expect(first.revokedAt).not.toBeNull();
    expect(await registry.revoke(summary.id)).toBe(true);
    expect((await registry.list()).find((k) => k.id === summary.id)!.revokedAt).toBe(first.revokedAt);
    expect(await registry.revoke('key_missing')).toBe(false);
    expect(Object.keys(first)).not.toContain('keyHash');
  });
});
