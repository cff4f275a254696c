import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ApiKeyRegistry } from '@caddie/access';
import { openDatabase } from '@caddie/persistence';
import { answerOf, contractBreach } from '../support/declared-answers';
import { exited, freePort, startNode, waitFor } from '../support/processes';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Issue 57, point 7: the first burst after a start once lost 7 of 30 uploads (503) because the API
 * admitted work before a scorecard worker consumed. Here the burst is sent before the worker
 * process even starts: every upload must still get the worker's own answer.
 */
describe('the first upload burst after a start', () => {
  let api: ReturnType<typeof startNode>;
  let worker: ReturnType<typeof startNode> | undefined;
  let base: string;
  let key: string;
  let common: Record<string, string>;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'caddie-burst-'));
    common = { DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: `burst-${randomBytes(4).toString('hex')}`, LOG_LEVEL: 'warn' };
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = startNode('apps/api/src/main.js', { ...common, PORT: String(port), RATE_LIMIT_PER_MINUTE: '100000' });
    await waitFor(async () => (await fetch(`${base}/health`).catch(() => null))?.ok ?? false, 60_000, 'the API');
    const db = await openDatabase({ dataDir });
    key = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'burst', kind: 'test', scopes: ['scorecards:process'] })).key;
    await db.destroy();
  }, 90_000);
  afterAll(async () => {
    for (const p of [api, worker]) {
      p?.child.kill('SIGTERM');
      if (p) await exited(p.child, 20_000).catch(() => p.child.kill('SIGKILL'));
    }
  }, 60_000);

  it('answers 30 parallel uploads sent before any scorecard worker runs with the worker\'s own answers: none lost', async () => {
    // a photo without markers: the worker answers 422 quickly, so what is measured is the admission
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).png().toBuffer();
    const send = (name: string) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), name);
      return answerOf(name, fetch(`${base}/v1/scorecards/normalize`, { method: 'POST', headers: { 'x-api-key': key }, body: form }));
    };
    // a client as the docs ask: over the per-process upload limit (16) it waits Retry-After and sends again
    const upload = async (name: string) => {
      for (let attempt = 1; ; attempt++) {
        const answer = await send(name);
        if (answer.code !== 'server-busy' || attempt >= 30) return answer;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    };
    const scorecardQueue = async () => ((await (await fetch(`${base}/ready`)).json()) as { queues: Record<string, string> }).queues.scorecard;
    expect(await scorecardQueue()).toBe('no-consumer');
    const burst = Promise.all(Array.from({ length: 30 }, (_, i) => upload(`upload-${i}`)));
    worker = startNode('apps/scorecard-worker/src/main.js', { ...common, WORKER_CONCURRENCY: '2' });
    const answers = await burst;
    const byCode = answers.reduce<Record<string, number>>((acc, a) => ((acc[`${a.status} ${a.code ?? ''}`] = (acc[`${a.status} ${a.code ?? ''}`] ?? 0) + 1), acc), {});
    process.stdout.write(`first burst of 30: ${JSON.stringify(byCode)}\n`);
    expect(answers.map(contractBreach).filter(Boolean)).toEqual([]);
    expect(answers.filter((a) => a.code !== 'registration-markers-incomplete').map((a) => `${a.what}: ${a.status} ${a.code}`)).toEqual([]);
    expect(await scorecardQueue()).toBe('ok');
  }, 120_000);
});
