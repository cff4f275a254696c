import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { courseRevision, type Course } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { createConsoleLink } from '../../apps/api/src/cli/console-link';
import { createDevelopmentKeyIfNone } from '../../apps/api/src/cli/dev-credentials';
import { exited, freePort, startNode, waitFor } from '../support/processes';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The built API and a render worker (a scorecard worker on request) on a fresh data folder and Redis prefix, as `npm start` runs them. */
export interface ConsoleStack {
  origin: string;
  dataDir: string;
  /** the development key `npm start` prints */
  apiKey: string;
  /** a fresh one-time sign-in link for the development organization */
  link(): Promise<string>;
  stop(): Promise<void>;
}

/** With `visionUrl`, a scorecard worker too, its handwriting reader a loopback vision provider at that URL. */
export async function startConsoleStack(courses: Course[], options: { visionUrl?: string } = {}): Promise<ConsoleStack> {
  const prefix = `console-e2e-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-console-'));
  const common = { DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
  const origin = `http://127.0.0.1:${await freePort()}`;
  const db = await openDatabase({ dataDir });
  const store = new CourseStore(db);
  for (const course of courses) await store.upsert(course, courseRevision(course));
  const apiKey = (await createDevelopmentKeyIfNone(db, 'caddie'))!;
  await db.destroy();
  const api = startNode('apps/api/src/main.js', { ...common, PORT: new URL(origin).port, PUBLIC_BASE_URL: origin, RENDER_WAIT_MS: '60000' });
  const workers = [startNode('apps/render-worker/src/main.js', { ...common, WORKER_CONCURRENCY: '2' })];
  if (options.visionUrl) {
    const reader = {
      SCORECARD_READER: 'http-vision',
      SCORECARD_VISION_URL: options.visionUrl,
      SCORECARD_VISION_API_KEY: 'sk-test-console',
      SCORECARD_VISION_MODEL: 'fake-vision-1',
    };
    workers.push(startNode('apps/scorecard-worker/src/main.js', { ...common, WORKER_CONCURRENCY: '1', ...reader }));
  }
  await waitFor(async () => (await fetch(`${origin}/health`).catch(() => null))?.ok ?? false, 60_000, 'the API');
  return {
    origin,
    dataDir,
    apiKey,
    async link() {
      const linkDb = await openDatabase({ dataDir });
      try {
        return (await createConsoleLink(linkDb, origin)).url;
      } finally {
        await linkDb.destroy();
      }
    },
    async stop() {
      for (const p of [api, ...workers]) if (p.child.exitCode === null) p.child.kill('SIGTERM');
      await Promise.all([api, ...workers].map((p) => exited(p.child, 20_000).catch(() => undefined)));
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}
