import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { ApiKeyRegistry } from '@caddie/access';
import { redisOptionsFromUrl } from '@caddie/jobs';
import { openDatabase } from '@caddie/persistence';
import { cardJpeg } from '../scorecards/scorecard-test-kit';
import { boundUnderLoad, STARTUP_HOOK_MS, startupWait } from '../support/load-allowance';
import { exited, freePort, startNode, waitFor } from '../support/processes';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two scorecard worker processes; the one that takes a normalization is SIGKILLed while it works.
 * The other must take the job over (short lock and stalled interval) and the client must get the
 * normalized pages before the 20 s deadline (an idle machine's; the API is given it stretched by the
 * load measured at its start, up to x6: takeover waits out the lock, then the photo is normalized again).
 */
/** The API's normalize deadline on an idle machine (its default). */
const NORMALIZE_DEADLINE_MS = 20_000;

describe('scorecard worker killed mid-request', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-chaos-'));
  const prefix = `chaos-${randomBytes(4).toString('hex')}`;
  const common = { DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
  const workers: ReturnType<typeof startNode>[] = [];
  let api: ReturnType<typeof startNode>;
  let base: string;
  let key: string;
  let queue: Queue;
  let deadlineMs: number;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    deadlineMs = boundUnderLoad(NORMALIZE_DEADLINE_MS, 'normalize deadline', 6);
    api = startNode('apps/api/src/main.js', { ...common, PORT: String(port), SCORECARD_NORMALIZE_DEADLINE_MS: String(deadlineMs) });
    await waitFor(async () => (await fetch(`${base}/health`).catch(() => null))?.ok ?? false, startupWait(60_000), 'the API');
    const db = await openDatabase({ dataDir });
    key = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'kill', kind: 'test', scopes: ['scorecards:process'] })).key;
    await db.destroy();
    for (let i = 0; i < 2; i++) workers.push(startNode('apps/scorecard-worker/src/main.js', { ...common, WORKER_CONCURRENCY: '1' }));
    await waitFor(() => workers.every((w) => w.output().includes('consuming queue scorecard')), startupWait(90_000), 'two scorecard workers');
    queue = new Queue('scorecard', { connection: redisOptionsFromUrl(REDIS_URL), prefix });
  }, STARTUP_HOOK_MS);
  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    for (const p of [api, ...workers]) {
      p?.child.kill('SIGTERM');
      if (p) await exited(p.child, 20_000).catch(() => p.child.kill('SIGKILL'));
    }
  }, 60_000);

  it('a surviving worker finishes the request before its deadline', async () => {
    const photo = await cardJpeg('M9H1/front-nine-page', { width: 3200, height: 2400 });
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'card.jpg');
    const started = Date.now();
    const answer = fetch(`${base}/v1/scorecards/normalize`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
    // the worker that takes the job is killed while the job is active
    let killed: number | undefined;
    await waitFor(
      async () => {
        const [active] = await queue.getJobs(['active']);
        const pid = Number(active?.processedBy?.split(':').pop());
        if (!pid) return false;
        process.kill(pid, 'SIGKILL');
        killed = pid;
        return true;
      },
      15_000,
      'a worker taking the job',
    );
    const response = await answer;
    const elapsed = Date.now() - started;
    const body = (await response.json()) as { pages?: unknown[]; code?: string };
    process.stdout.write(`killed worker ${killed} mid-job; answer ${response.status} ${body.code ?? ''} after ${elapsed} ms\n`);
    expect(killed).toBeDefined();
    expect(response.status).toBe(200);
    expect(body.pages?.length).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(deadlineMs);
  }, 200_000);
});
