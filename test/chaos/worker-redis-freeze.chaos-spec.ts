import type { ChildProcess } from 'node:child_process';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { closeWorkerConnection, JobWaiter, redisOptionsFromUrl, WORKER_REDIS_COMMAND_TIMEOUT_MS, workerBullOptions } from '@caddie/jobs';
import { workerEnvSchema } from '@caddie/config';
import { startPrivateRedis } from '../../apps/api/src/cli/embedded-redis';
import { boundUnderLoad } from '../support/load-allowance';

/** After Redis comes back, the worker must be consuming again within this. */
const RECOVERED_WITHIN_MS = 10_000;

/**
 * A BullMQ worker with the workers' own connection options (test/chaos uses a PRIVATE
 * redis-server it may freeze) idles through many command timeouts without an error (its
 * blocking BZPOPMIN connection has no command timeout), sees its bounded commands fail while
 * Redis is frozen, and processes jobs again soon after Redis resumes.
 */
describe('worker connections and a frozen Redis (private redis-server)', () => {
  let redis: { url: string; child: ChildProcess };
  beforeAll(async () => {
    redis = await startPrivateRedis();
  }, 30_000);
  afterAll(() => {
    redis.child.kill('SIGCONT');
    redis.child.kill('SIGKILL');
  });

  it('idles without timeouts, fails fast while frozen, and consumes again after SIGCONT', async () => {
    const env = workerEnvSchema.parse({ REDIS_URL: redis.url, REDIS_PREFIX: 'chaos-freeze' });
    const bull = workerBullOptions(env);
    const errors: string[] = [];
    const worker = new Worker('freeze', async (job) => ({ echo: job.data.n, pid: process.pid }), { ...bull.root, concurrency: 1, drainDelay: 5 });
    worker.on('error', (error) => errors.push(error.message));
    const queue = new Queue('freeze', { connection: redisOptionsFromUrl(redis.url), prefix: 'chaos-freeze' });
    const events = new QueueEvents('freeze', { connection: redisOptionsFromUrl(redis.url), prefix: 'chaos-freeze' });
    try {
      await worker.waitUntilReady();
      await events.waitUntilReady();
      // the service's own waiter: a finish published before the subscription's first read (or while it reconnects) is still seen
      const waiter = new JobWaiter(queue, events);
      const first = await queue.add('x', { n: 1 });
      expect(await waiter.wait(first.id!, 10_000)).toMatchObject({ state: 'done', result: { echo: 1 } });

      // idle for longer than several command timeouts: every idle BZPOPMIN (5 s) outlives the 5 s bound
      await new Promise((r) => setTimeout(r, 3 * WORKER_REDIS_COMMAND_TIMEOUT_MS));
      expect(errors.filter((m) => /timed out/i.test(m))).toEqual([]);

      // frozen: the worker's bounded commands fail instead of hanging; nothing crashes
      redis.child.kill('SIGSTOP');
      await new Promise((r) => setTimeout(r, 12_000));
      const bounded = await bull.client.ping().then(
        () => 'answered',
        (e: Error) => e.message,
      );
      expect(bounded).toMatch(/timed out/i);
      redis.child.kill('SIGCONT');
      const resumedAt = Date.now();

      // back: a new job is processed by the same worker within the bound
      const second = await queue.add('x', { n: 2 });
      expect(await waiter.wait(second.id!, RECOVERED_WITHIN_MS + 5_000)).toMatchObject({ state: 'done', result: { echo: 2 } });
      const recoveredMs = Date.now() - resumedAt;
      process.stdout.write(
        `worker consumed again ${recoveredMs} ms after Redis resumed (errors while frozen: ${errors.length}: ${[...new Set(errors)].join('; ').slice(0, 200)})\n`,
      );
      expect(recoveredMs).toBeLessThan(boundUnderLoad(RECOVERED_WITHIN_MS, 'worker consuming after SIGCONT'));
      expect(worker.isRunning()).toBe(true);
    } finally {
      redis.child.kill('SIGCONT');
      await events.close();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await closeWorkerConnection(worker, bull.client);
    }
  }, 90_000);
});
