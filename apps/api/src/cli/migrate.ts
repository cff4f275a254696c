/**
 * npm run migrate: brings the configured database up to date (used by deployments before the API starts).
 * npm run migrate -- --first-run: then also what a new deployment needs once (dev-credentials.ts
 * firstRunSetup): the first organization and key when there are none, printed once on stdout, and
 * the demo courses in an empty catalog. Run again, it only migrates (docker/compose.yaml's `setup`).
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { apiEnvSchema, loadEnvOrExit } from '@caddie/config';
import { openDatabase } from '@caddie/persistence';
import { firstRunSetup } from './dev-credentials';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'first-run': { type: 'boolean', default: false } } });
  const env = loadEnvOrExit(apiEnvSchema);
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA }, { migrate: false });
  const applied = await db.runMigrations({ transaction: 'each' });
  process.stdout.write(applied.length ? `applied ${applied.map((m) => m.name).join(', ')}\n` : 'database is up to date\n');
  if (values['first-run']) {
    const { newKey, seededDemoCourses } = await firstRunSetup(db, env.OPERATOR_TOKEN);
    if (newKey) process.stdout.write(`first run: created the first organization and its key (shown only this once):\n${newKey}\n`);
    if (seededDemoCourses) process.stdout.write('first run: seeded the demo courses demo-pine-hollow and demo-cedar-links\n');
  }
  await db.destroy();
}

void main();
