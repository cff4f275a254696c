import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../data-source-options';

describe('organization grants migration (SQLite)', () => {
  it("starts each organization from the union of its keys' datasets, revoked keys included", async () => {
    const database = join(mkdtempSync(join(tmpdir(), 'caddie-grants-')), 'db.sqlite');
    const before = new DataSource({ type: 'better-sqlite3', database, migrations: MIGRATIONS.slice(0, -1) });
    await before.initialize();
    await before.runMigrations();
    await before.query(`INSERT INTO organizations (id, name, created_at) VALUES ('org_a', 'A', '2026-01-01'), ('org_b', 'B', '2026-01-01')`);
    const key = (id: string, org: string, datasets: string[], revokedAt: string | null) =>
      before.query(`INSERT INTO api_keys VALUES (?, ?, 'k', 'test', ?, 'hint', '[]', '[]', ?, NULL, '2026-01-01', ?)`, [
        id,
        org,
        id.padEnd(64, '0'),
        JSON.stringify(datasets),
        revokedAt,
      ]);
    await key('key_1', 'org_a', ['scorecard', 'provenance'], null);
    await key('key_2', 'org_a', ['holes.summary', 'scorecard'], '2026-02-01');
    await before.destroy();

    const after = new DataSource({ type: 'better-sqlite3', database, migrations: MIGRATIONS });
    await after.initialize();
    await after.runMigrations();
    const rows: { id: string; datasets: string }[] = await after.query('SELECT id, datasets FROM organizations ORDER BY id');
    expect(rows.map((r) => [r.id, JSON.parse(r.datasets)])).toEqual([
      ['org_a', ['holes.summary', 'provenance', 'scorecard']],
      ['org_b', []],
    ]);
    await after.destroy();
  });
});
