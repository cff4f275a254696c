import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  openDatabase,
  PrintableContentBusyError,
  PrintableContentLocks,
  PrintableStore,
  type DatabaseSettings,
  type PrintableEntity,
} from '@caddie/persistence';
import { PrintableContentLockEntity } from './entities/printable-content-lock.entity';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `t_${randomBytes(6).toString('hex')}`;
const sqliteDir = mkdtempSync(join(tmpdir(), 'caddie-printables-'));

const drivers: [string, DatabaseSettings, () => Promise<void>][] = [
  ['sqlite', { dataDir: sqliteDir }, async () => undefined],
  [
    'postgres',
    { dataDir: sqliteDir, databaseUrl: POSTGRES_URL, schema },
    async () => {
      const client = new Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  ],
];

function row(id: string, overrides: Partial<PrintableEntity> = {}): PrintableEntity {
  const courseName = overrides.courseName ?? 'Pine Hollow Golf Club';
  return {
    id,
    organizationId: 'org_a',
    apiKeyId: 'key_a',
    courseId: 'demo-pine-hollow',
    courseName,
    courseNameFolded: courseName.toLowerCase(),
    courseRevision: `sha256:${'1'.repeat(64)}`,
    template: 'yardage-book@1',
    options: '{}',
    contentKey: `sha256:${'c'.repeat(64)}`,
    status: 'queued',
    pagesTotal: 40,
    pagesDone: 0,
    flowJobId: null,
    manifest: '{}',
    error: null,
    deletedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

describe.each(drivers)('PrintableStore on %s', (_name, settings, cleanup) => {
  let db: DataSource;
  let store: PrintableStore;

  beforeAll(async () => {
    db = await openDatabase(settings);
    store = new PrintableStore(db);
    // Seven rows of org_a, three of them created in the same millisecond (ties broken by id), one of org_b.
    await store.insert(row('prt_01', { createdAt: '2026-11-01T10:00:00.000Z' }));
    await store.insert(row('prt_02', { createdAt: '2026-11-02T10:00:00.000Z', template: 'pin-sheet@1', status: 'ready' }));
    await store.insert(row('prt_03', { createdAt: '2026-11-03T10:00:00.000Z' }));
    await store.insert(row('prt_04', { createdAt: '2026-11-03T10:00:00.000Z', courseId: 'demo-cedar-links', courseName: 'Cedar Links 100%_Club' }));
    await store.insert(row('prt_05', { createdAt: '2026-11-03T10:00:00.000Z', status: 'failed' }));
    await store.insert(row('prt_06', { createdAt: '2026-11-04T10:00:00.000Z', contentKey: `sha256:${'d'.repeat(64)}` }));
    await store.insert(row('prt_07', { createdAt: '2026-11-05T10:00:00.000Z', courseId: 'demo-cedar-links', courseName: 'Cedar Links' }));
    await store.insert(row('prt_b1', { organizationId: 'org_b', createdAt: '2026-11-06T10:00:00.000Z' }));
  });

  afterAll(async () => {
    await db.destroy();
    await cleanup();
  });

  it('pages newest first with ties broken by id, never repeating or skipping a row', async () => {
    const seen: string[] = [];
    let after;
    for (let guard = 0; guard < 10; guard++) {
      const page = await store.page('org_a', {}, 2, after);
      seen.push(...page.items.map((r) => r.id));
      if (!page.next) break;
      after = decodeCursor(encodeCursor(page.next));
    }
    expect(seen).toEqual(['prt_07', 'prt_06', 'prt_05', 'prt_04', 'prt_03', 'prt_02', 'prt_01']);
  });

  it('never shows another organization its rows', async () => {
    expect(await store.findOwned('org_b', 'prt_01')).toBeNull();
    expect((await store.findOwned('org_a', 'prt_01'))?.id).toBe('prt_01');
    expect((await store.page('org_b', {}, 50)).items.map((r) => r.id)).toEqual(['prt_b1']);
    expect(await store.deleteOwned('org_b', 'prt_01', '2026-11-07T00:00:00.000Z')).toEqual({ deleted: null, alreadyDeleted: false, contentShared: false });
    expect(await store.findOwned('org_a', 'prt_01')).not.toBeNull();
  });

  it('filters by course, template, status, created range and course-name text (wildcards taken literally)', async () => {
    const ids = async (filter: Parameters<PrintableStore['page']>[1]) => (await store.page('org_a', filter, 50)).items.map((r) => r.id);
    expect(await ids({ courseId: 'demo-cedar-links' })).toEqual(['prt_07', 'prt_04']);
    expect(await ids({ template: 'pin-sheet@1' })).toEqual(['prt_02']);
    expect(await ids({ status: 'failed' })).toEqual(['prt_05']);
    expect(await ids({ createdFrom: '2026-11-03T00:00:00.000Z', createdBefore: '2026-11-04T10:00:00.000Z' })).toEqual(['prt_05', 'prt_04', 'prt_03']);
    expect(await ids({ courseNameContains: 'CEDAR' })).toEqual(['prt_07', 'prt_04']);
    expect(await ids({ courseNameContains: '100%_' })).toEqual(['prt_04']);
    expect(await ids({ courseNameContains: '%' })).toEqual(['prt_04']);
  });

  it('refuses cursors it did not issue', () => {
    expect(() => decodeCursor('not-a-cursor')).toThrow(InvalidCursorError);
    expect(() => decodeCursor(Buffer.from('{"a":1}').toString('base64url'))).toThrow(InvalidCursorError);
  });

  it('advances unsettled printables only, and reports whether a deleted one shared its package', async () => {
    await store.advance('prt_03', { status: 'rendering', pagesDone: 12 }, '2026-11-07T00:00:00.000Z');
    expect(await store.findOwned('org_a', 'prt_03')).toMatchObject({ status: 'rendering', pagesDone: 12, updatedAt: '2026-11-07T00:00:00.000Z' });
    await store.advance('prt_02', { status: 'failed' }, '2026-11-07T00:00:00.000Z');
    expect((await store.findOwned('org_a', 'prt_02'))?.status).toBe('ready');
    expect((await store.unsettled('org_a', 50)).map((r) => r.id).sort()).toEqual(['prt_01', 'prt_03', 'prt_04', 'prt_06', 'prt_07']);

    const at = '2026-11-08T00:00:00.000Z';
    const shared = await store.deleteOwned('org_a', 'prt_01', at);
    expect(shared.deleted?.id).toBe('prt_01');
    expect(shared.contentShared).toBe(true);
    const alone = await store.deleteOwned('org_a', 'prt_06', at);
    expect(alone.contentShared).toBe(false);
    expect(await store.findOwned('org_a', 'prt_06')).toBeNull();
    expect((await store.page('org_a', {}, 50)).items.map((r) => r.id)).not.toContain('prt_06');
    expect(await store.deleteOwned('org_a', 'prt_06', at)).toEqual({ deleted: null, alreadyDeleted: true, contentShared: false });
    expect((await store.unsettled('org_a', 50)).map((r) => r.id)).not.toContain('prt_06');
    expect(await store.findOwnedEvenDeleted('org_a', 'prt_06')).toMatchObject({ id: 'prt_06', deletedAt: at });
    expect(await store.findOwnedEvenDeleted('org_b', 'prt_06')).toBeNull();
  });

  it('reopens a live ready printable under a new flow, and nothing else', async () => {
    const at = '2026-11-09T00:00:00.000Z';
    expect(await store.reopen('prt_02', 'p-again', at)).toBe(true);
    expect(await store.findOwned('org_a', 'prt_02')).toMatchObject({ status: 'queued', pagesDone: 0, flowJobId: 'p-again', updatedAt: at });
    expect(await store.reopen('prt_03', 'p-other', at)).toBe(false);
    expect(await store.reopen('prt_05', 'p-other', at)).toBe(false);
  });

  it('holds one lease per package at a time; other packages do not wait; a dead holder is taken over', async () => {
    const locks = new PrintableContentLocks(db);
    const held: string[] = [];
    let overlaps = 0;
    const work = (label: string) => async () => {
      if (held.length) overlaps++;
      held.push(label);
      await sleep(30);
      held.pop();
      return label;
    };
    const labels = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(await Promise.all(labels.map((l) => locks.withLease('org_a', 'sha256:shared', 5_000, work(l))))).toEqual(labels);
    expect(overlaps).toBe(0);

    // a lease of another package, or of the same content in another organization, is free meanwhile
    let inner = '';
    await locks.withLease('org_a', 'sha256:one', 1_000, async () => {
      inner = await locks.withLease('org_a', 'sha256:two', 100, async () => 'two');
      inner += await locks.withLease('org_b', 'sha256:one', 100, async () => '+b');
    });
    expect(inner).toBe('two+b');

    // busy past the wait: a typed error, and the holder keeps its lease
    await expect(locks.withLease('org_a', 'sha256:one', 1_000, () => locks.withLease('org_a', 'sha256:one', 60, async () => 'never'))).rejects.toThrow(
      PrintableContentBusyError,
    );

    // a holder that died keeps the row until its lease passes
    await db
      .getRepository(PrintableContentLockEntity)
      .insert({ organizationId: 'org_a', contentKey: 'sha256:dead', holder: 'a-process-that-died', expiresAt: new Date(Date.now() + 150).toISOString() });
    const started = Date.now();
    expect(await locks.withLease('org_a', 'sha256:dead', 5_000, async () => 'taken over')).toBe('taken over');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});
