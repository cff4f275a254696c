/**
 * `npm start`: the whole service on one machine with its embedded defaults: Redis (an existing
 * one, or a private child redis-server), the SQLite database with migrations, a development key
 * on first run, demo courses in an empty catalog, then the API and both workers as supervised
 * child processes in this terminal (a crashed one is restarted; SIGINT/SIGTERM stop them all).
 */
import 'reflect-metadata';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { apiEnvSchema, loadEnvOrExit } from '@caddie/config';
import { openDatabase } from '@caddie/persistence';
import { createConsoleLink } from './console-link';
import { firstRunSetup } from './dev-credentials';
import { redisAnswers, redisServerInstalled, startPrivateRedis } from './embedded-redis';
import { Supervisor, terminate } from './supervisor';

const APPS_DIR = join(__dirname, '..', '..', '..');
const CHILDREN = [
  { name: 'api', script: join(APPS_DIR, 'api', 'src', 'main.js') },
  { name: 'render-worker', script: join(APPS_DIR, 'render-worker', 'src', 'main.js') },
  { name: 'scorecard-worker', script: join(APPS_DIR, 'scorecard-worker', 'src', 'main.js') },
];

const say = (line: string) => process.stdout.write(`[caddie] ${line}\n`);

async function main(): Promise<void> {
  const env = loadEnvOrExit(apiEnvSchema);
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  let redisChild: ChildProcess | undefined;

  // a cluster is the operator's: caddie never starts one, the processes report it unreachable
  if (!env.REDIS_CLUSTER_NODES && !(await redisAnswers(env.REDIS_URL))) {
    if (process.env.REDIS_URL) {
      say(`Nothing answers at REDIS_URL=${env.REDIS_URL}. Start Redis there, or unset REDIS_URL to let caddie run a private redis-server.`);
      process.exit(1);
    }
    if (!redisServerInstalled()) {
      say('No Redis answers at redis://127.0.0.1:6379 and redis-server is not installed.');
      say('Install it (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or set REDIS_URL to a running Redis.');
      process.exit(1);
    }
    const redis = await startPrivateRedis();
    redisChild = redis.child;
    childEnv.REDIS_URL = redis.url;
    say(`started a private redis-server at ${redis.url} (no persistence; stopped with caddie)`);
  }

  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA });
  const { newKey, seededDemoCourses } = await firstRunSetup(db, env.OPERATOR_TOKEN);
  if (seededDemoCourses) say('seeded the demo courses demo-pine-hollow (18 holes) and demo-cedar-links (9 holes)');
  await db.destroy();

  const supervisor = new Supervisor(CHILDREN, childEnv, say);
  supervisor.start();
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    await supervisor.stop(15_000);
    if (redisChild) await terminate(redisChild, 5_000);
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  const base = `http://localhost:${env.PORT}`;
  if (await waitForApiHealth(`http://127.0.0.1:${env.PORT}/health`)) {
    // announced once the workers consume too (/ready), so the first requests find them
    const readiness = await waitForReady(`http://127.0.0.1:${env.PORT}/ready`, READY_WAIT_MS);
    if (readiness) say(`not every worker is consuming after ${READY_WAIT_MS / 1000} s (${readiness}); requests that need one wait or answer 503`);
    say(`Caddie is up at ${base}  (docs: ${base}/docs)`);
    if (newKey) {
      say('Created a development organization and a test key with every scope. It is shown only this once:');
      say(`  ${newKey}`);
      say('Try:');
      say(`  curl -H "x-api-key: ${newKey}" ${base}/v1/courses/bulk-ids`);
      say(`  curl -H "x-api-key: ${newKey}" ${base}/v1/courses/demo-pine-hollow`);
      say(`  curl ${base}/v1/services`);
    } else {
      say(`Keys: npm run keys -- list   (create one: npm run keys -- create --name me --kind test --scopes courses:read)`);
    }
    await sayConsoleLink(env, base);
  } else if (!stopping) {
    say(`the API did not become healthy within ${HEALTH_WAIT_MS / 1000} s`);
    await stop(1);
  }
}

/** A one-time console sign-in link for the development organization (like a notebook server's token link). */
async function sayConsoleLink(env: ReturnType<typeof loadEnvOrExit<typeof apiEnvSchema>>, base: string): Promise<void> {
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, schema: env.DATABASE_SCHEMA });
  try {
    const link = await createConsoleLink(db, env.PUBLIC_BASE_URL ?? base);
    say(`Console (${link.organization.name}; the link works once, for 10 minutes; a new one: npm run console -- link):`);
    say(`  ${link.url}`);
  } catch (error) {
    say(`console link: ${(error as Error).message} (npm run console -- link --org ORG_ID)`);
  } finally {
    await db.destroy();
  }
}

const READY_WAIT_MS = 60_000;
/** How long the API may take to answer /health: about 10 s on an idle 2-core machine, over 60 s when it is loaded (load 19). */
const HEALTH_WAIT_MS = 300_000;

/** True once /health answers; says so after a minute of waiting (a loaded machine boots slowly) rather than giving up. */
async function waitForApiHealth(url: string): Promise<boolean> {
  if (await waitForHealth(url, 60_000)) return true;
  say(`the API does not answer /health after 60 s; waiting up to ${HEALTH_WAIT_MS / 1000} s (a loaded machine starts it slowly)`);
  return waitForHealth(url, HEALTH_WAIT_MS - 60_000);
}

/** Null once /ready answers 200, else what it last said about the queues. */
async function waitForReady(url: string, timeoutMs: number): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return null;
      last = JSON.stringify(((await response.json()) as { queues?: unknown }).queues ?? {});
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return last;
}

async function waitForHealth(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

main().catch((error) => {
  say(`failed to start: ${(error as Error).message}`);
  process.exit(1);
});
