/** npm run migrate: brings the configured database up to date (used by deployments before the API starts). */
import 'reflect-metadata';
import { apiEnvSchema, loadEnvOrExit } from '@caddie/config';
import { openDatabase } from '@caddie/persistence';

async function main(): Promise<void> {
  const env = loadEnvOrExit(apiEnvSchema);
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA }, { migrate: false });
  const applied = await db.runMigrations({ transaction: 'each' });
  process.stdout.write(applied.length ? `applied ${applied.map((m) => m.name).join(', ')}\n` : 'database is up to date\n');
  await db.destroy();
}

void main();
