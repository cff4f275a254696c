/**
 * npm run console -- link [--org ORG_ID] [--json]
 * Prints a one-time sign-in link for the Caddie Console (valid 10 minutes, good once).
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConsoleSessionError } from '@caddie/console-session';
import { apiEnvSchema, loadEnvOrExit } from '@caddie/config';
import { openDatabase } from '@caddie/persistence';
import { createConsoleLink } from './console-link';

const USAGE = 'usage:\n  npm run console -- link [--org ORG_ID] [--json]';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { org: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (positionals[0] !== 'link' || positionals.length !== 1) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const env = loadEnvOrExit(apiEnvSchema);
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA });
  try {
    const link = await createConsoleLink(db, env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`, values.org);
    if (values.json) process.stdout.write(`${JSON.stringify(link)}\n`);
    else {
      process.stdout.write(`${link.url}\n`);
      process.stderr.write(`sign-in link for ${link.organization.name} (${link.organization.id}); works once, until ${link.expiresAt}\n`);
    }
  } catch (error) {
    if (error instanceof ConsoleSessionError) {
      process.stderr.write(`${error.code}: ${error.message}\n`);
      process.exitCode = 1;
    } else throw error;
  } finally {
    await db.destroy();
  }
}

void main();
