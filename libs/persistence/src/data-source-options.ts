import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ApiKeyEntity } from './entities/api-key.entity';
import { OrganizationEntity } from './entities/organization.entity';
import { Platform1763790000000 } from './migrations/1763790000000-platform';
import { CourseCatalog1763790100000 } from './migrations/1763790100000-course-catalog';
import { CourseDocumentEntity } from './entities/course-document.entity';
import { CourseEntity } from './entities/course.entity';
import { UsageUnitEntity } from './entities/usage-unit.entity';
import { Usage1763790200000 } from './migrations/1763790200000-usage';
import { PrintableEntity } from './entities/printable.entity';
import { Printables1763790300000 } from './migrations/1763790300000-printables';
import { ConsoleCredentialEntity } from './entities/console-session.entity';
import { Console1763790400000 } from './migrations/1763790400000-console';
import { PrintableContentLockEntity } from './entities/printable-content-lock.entity';
import { PrintableContentLocks1763790500000 } from './migrations/1763790500000-printable-content-locks';
import { CatalogStateEntity } from './entities/catalog-state.entity';
import { CatalogChanges1763790600000 } from './migrations/1763790600000-catalog-changes';
import { OrganizationGrants1763790700000 } from './migrations/1763790700000-organization-grants';

export const ENTITIES = [
  OrganizationEntity,
  ApiKeyEntity,
  CourseEntity,
  CourseDocumentEntity,
  UsageUnitEntity,
  PrintableEntity,
  ConsoleCredentialEntity,
  PrintableContentLockEntity,
  CatalogStateEntity,
];
export const MIGRATIONS = [
  Platform1763790000000,
  CourseCatalog1763790100000,
  Usage1763790200000,
  Printables1763790300000,
  Console1763790400000,
  PrintableContentLocks1763790500000,
  CatalogChanges1763790600000,
  OrganizationGrants1763790700000,
];

export interface DatabaseSettings {
  /** unset: the embedded SQLite file in dataDir; `postgres://…`; or `sqlite:<file>` */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL schema (each test suite uses its own) */
  schema?: string;
}

export const EMBEDDED_SQLITE_FILE = 'caddie.sqlite';

export function isPostgres(settings: DatabaseSettings): boolean {
  return /^postgres(ql)?:\/\//.test(settings.databaseUrl ?? '');
}

export function dataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, migrationsTransactionMode: 'each' as const, synchronize: false };
  if (isPostgres(settings)) {
    return { ...common, type: 'postgres', url: settings.databaseUrl, schema: settings.schema };
  }
  const file = settings.databaseUrl?.startsWith('sqlite:')
    ? resolve(settings.databaseUrl.slice('sqlite:'.length))
    : resolve(join(settings.dataDir, EMBEDDED_SQLITE_FILE));
  if (file !== ':memory:' && !file.endsWith('/:memory:')) mkdirSync(dirname(file), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: file.endsWith('/:memory:') ? ':memory:' : file,
    // WAL lets the API read while a worker or the importer writes; the busy timeout rides out short locks.
    prepareDatabase: (db: { pragma(s: string): unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
    },
  };
}

/** A PostgreSQL schema must exist before TypeORM can keep its migrations table in it. */
export async function ensureSchema(settings: DatabaseSettings): Promise<void> {
  if (!isPostgres(settings) || !settings.schema) return;
  const client = new Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${settings.schema}"`);
  } finally {
    await client.end();
  }
}

/** Opens a data source and brings its schema up to date (used by CLIs and tests; the API uses Nest's module). */
export async function openDatabase(settings: DatabaseSettings, options: { migrate?: boolean } = {}): Promise<DataSource> {
  await ensureSchema(settings);
  const dataSource = new DataSource(dataSourceOptions(settings));
  await dataSource.initialize();
  if (options.migrate ?? true) await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}
