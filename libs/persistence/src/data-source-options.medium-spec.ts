import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ApiKeyEntity, openDatabase, OrganizationEntity, type DatabaseSettings } from '@caddie/persistence';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const drivers: [string, () => DatabaseSettings, () => Promise<void>][] = [];
const sqliteDir = mkdtempSync(join(tmpdir(), 'caddie-db-'));
drivers.push(['sqlite', () => ({ dataDir: sqliteDir }), async () => undefined]);
const schema = `t_${randomBytes(6).toString('hex')}`;
drivers.push([
  'postgres',
  () => ({ dataDir: sqliteDir, databaseUrl: POSTGRES_URL, schema }),
  async () => {
    const client = new Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  },
]);

describe.each(drivers)('migrations on %s', (_name, settings, cleanup) => {
  afterAll(cleanup);

  it('creates the schema, round-trips an organization and a key, and enforces unique key hashes', async () => {
    const db = await openDatabase(settings());
    try {
      expect(await db.showMigrations()).toBe(false);
      await db.getRepository(OrganizationEntity).insert({ id: 'org_1', name: 'Org', createdAt: '2026-01-01T00:00:00.000Z' });
      const key = {
        id: 'key_1',
        organizationId: 'org_1',
        name: 'k',
        kind: 'test' as const,
        keyHash: 'a'.repeat(64),
        keyHint: 'caddie_test_…abcd',
        scopes: ['courses:read'],
        origins: [],
        datasets: ['scorecard'],
        rateLimitPerMinute: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        revokedAt: null,
      };
      await db.getRepository(ApiKeyEntity).insert(key);
      const read = await db.getRepository(ApiKeyEntity).findOneByOrFail({ keyHash: 'a'.repeat(64) });
      expect(read).toMatchObject({ scopes: ['courses:read'], datasets: ['scorecard'], revokedAt: null });
      await expect(db.getRepository(ApiKeyEntity).insert({ ...key, id: 'key_2' })).rejects.toThrow();
    } finally {
      await db.destroy();
    }
    // running again on the same database applies nothing new
    const again = await openDatabase(settings());
    expect(await again.showMigrations()).toBe(false);
    await again.destroy();
  });
});
