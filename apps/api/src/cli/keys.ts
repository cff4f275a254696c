/**
 * npm run keys -- create --name N --kind test|live|pk_test|pk_live --scopes a,b [--origins https://a.example]
 *                        [--datasets x,y] [--org ORG_ID] [--rate-limit N] [--json]
 * npm run keys -- list [--json]
 * npm run keys -- revoke KEY_ID
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { AccessError, ALL_SCOPES, ApiKeyRegistry, KEY_KINDS } from '@caddie/access';
import { apiEnvSchema, loadEnvOrExit } from '@caddie/config';
import { openDatabase } from '@caddie/persistence';

const USAGE = `usage:
  npm run keys -- create --name NAME --kind ${KEY_KINDS.join('|')} --scopes SCOPE[,SCOPE] [--origins ORIGIN[,ORIGIN]] [--datasets NAME[,NAME]] [--org ORG_ID] [--rate-limit N] [--json]
  npm run keys -- list [--json]
  npm run keys -- revoke KEY_ID
scopes: ${ALL_SCOPES.join(', ')}`;

const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      kind: { type: 'string' },
      scopes: { type: 'string' },
      origins: { type: 'string' },
      datasets: { type: 'string' },
      org: { type: 'string' },
      'rate-limit': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) fail(USAGE, values.help ? 0 : 2);
  const env = loadEnvOrExit(apiEnvSchema);
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA });
  const registry = new ApiKeyRegistry(db, env.OPERATOR_TOKEN);
  try {
    if (command === 'create') {
      if (!values.name || !values.kind) fail(`create needs --name and --kind\n${USAGE}`);
      const rateLimit = values['rate-limit'] === undefined ? null : Number(values['rate-limit']);
      if (rateLimit !== null && !(Number.isInteger(rateLimit) && rateLimit > 0)) fail('--rate-limit must be a positive integer');
      const { key, summary } = await registry.create({
        name: values.name,
        kind: values.kind,
        scopes: list(values.scopes),
        origins: list(values.origins),
        datasets: list(values.datasets),
        organizationId: values.org,
        rateLimitPerMinute: rateLimit,
        // whoever runs this holds the database's credentials: the operator
        grantedBy: 'operator',
      });
      if (values.json) process.stdout.write(`${JSON.stringify({ ...summary, key })}\n`);
      else {
        process.stdout.write(`${key}\n`);
        process.stderr.write(`created ${summary.id} (${summary.kind}; scopes ${summary.scopes.join(', ') || 'none'}). The key is shown only this once.\n`);
      }
    } else if (command === 'list') {
      const keys = await registry.list();
      if (values.json) process.stdout.write(`${JSON.stringify(keys)}\n`);
      else {
        for (const k of keys) {
          process.stdout.write(`${k.id}\t${k.kind}\t${k.revokedAt ? 'revoked' : 'active'}\t${k.hint}\t${k.name}\t${k.scopes.join(',')}\n`);
        }
      }
    } else if (command === 'revoke') {
      const [id] = rest;
      if (!id) fail(`revoke needs a key id\n${USAGE}`);
      if (!(await registry.revoke(id))) fail(`no key ${id}`, 1);
      process.stdout.write(`revoked ${id}\n`);
    } else {
      fail(`unknown command ${command}\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof AccessError) fail(`${error.code}: ${error.message}`);
    throw error;
  } finally {
    await db.destroy();
  }
}

void main();
