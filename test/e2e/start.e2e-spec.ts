import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { redisOptionsFromUrl } from '@caddie/jobs';
import { exited, freePort, startNode, waitFor } from '../support/processes';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('npm start (the launcher)', () => {
  it('migrates, creates one dev key, serves the API, runs both workers, and stops cleanly', async () => {
    const port = await freePort();
    const prefix = `e2e-${randomBytes(4).toString('hex')}`;
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'caddie-start-')), PORT: String(port), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
    const { child, output } = startNode('apps/api/src/cli/start.js', env);
    try {
      await waitFor(() => output().includes('Caddie is up'), 60_000, 'the launcher banner');
      const key = /caddie_test_[0-9A-Za-z]{43}/.exec(output())?.[0];
      expect(key).toBeDefined();
      expect(output()).toContain(`curl -H "x-api-key: ${key}" http://localhost:${port}/v1/`);

      const services = await fetch(`http://127.0.0.1:${port}/v1/services`);
      expect(services.status).toBe(200);
      expect(((await services.json()) as { services: unknown[] }).services).toHaveLength(4);
      const ready = await fetch(`http://127.0.0.1:${port}/ready`);
      expect(ready.status).toBe(200);

      // both workers consume their queues, on the Redis the launcher chose (its own one when the shared one did not answer in time)
      const privateRedis = /started a private redis-server at (redis:\/\/\S+)/.exec(output())?.[1];
      const connection = redisOptionsFromUrl(privateRedis ?? REDIS_URL);
      for (const name of ['render', 'scorecard']) {
        const queue = new Queue(name, { connection, prefix });
        const events = new QueueEvents(name, { connection, prefix });
        await events.waitUntilReady();
        // keep the finished job long enough for waitUntilFinished to read it (a fast worker may finish first);
        // the workers may still be booting (fonts, OpenCV) when the API answers, slowly on a loaded CI machine
        const job = await queue.add('worker.ping', { sentAt: new Date().toISOString() }, { removeOnComplete: { age: 120 } });
        const result = (await job.waitUntilFinished(events, 45_000).catch((error: Error) => {
          throw new Error(`${error.message}\n--- launcher output ---\n${output().slice(-4000)}`);
        })) as { queue: string; pid: number };
        expect(result.queue).toBe(name);
        expect(result.pid).not.toBe(process.pid);
        await events.close();
        await queue.obliterate({ force: true });
        await queue.close();
      }
    } finally {
      child.kill('SIGTERM');
      expect(await exited(child, 30_000)).toBe(0);
    }
    expect(output()).toContain('stopping');

    // a second start on the same data keeps the existing key and prints no new one
    const again = startNode('apps/api/src/cli/start.js', env);
    try {
      await waitFor(() => again.output().includes('Caddie is up'), 60_000, 'the second banner');
      expect(again.output()).not.toMatch(/caddie_test_[0-9A-Za-z]{43}/);
    } finally {
      again.child.kill('SIGTERM');
      await exited(again.child, 30_000);
    }
  }, 150_000);

  it('exits with a precise message when REDIS_URL is set but nothing answers', async () => {
    const { child, output } = startNode('apps/api/src/cli/start.js', {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'caddie-start-')), PORT: String(await freePort()), REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect(await exited(child, 20_000)).toBe(1);
    expect(output()).toContain('Nothing answers at REDIS_URL=redis://127.0.0.1:1');
  }, 30_000);

  it('reports every configuration problem together and exits 2', async () => {
    const { child, output } = startNode('apps/api/src/cli/start.js', { PORT: 'x', OPERATOR_TOKEN: 'Bad Token' });
    expect(await exited(child, 20_000)).toBe(2);
    expect(output()).toMatch(/PORT/);
    expect(output()).toMatch(/OPERATOR_TOKEN/);
  }, 30_000);
});
