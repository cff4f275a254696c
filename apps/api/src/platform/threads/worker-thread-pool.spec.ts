import { join } from 'node:path';
import { ThreadPoolBusyError, ThreadTaskTimeoutError, WorkerThreadPool } from './worker-thread-pool';

type Spin = { spinMs: number; echo: number };
const modulePath = join(__dirname, 'test-support', 'busy.thread');

describe('WorkerThreadPool', () => {
  let pool: WorkerThreadPool<Spin, { echo: number }>;
  afterEach(async () => {
    await pool.close();
  });

  it('keeps the event loop free while a thread computes, and answers each task', async () => {
    pool = new WorkerThreadPool({ modulePath, threads: 1, queueLimit: 4 });
    await pool.warm(30_000);
    const ticks: number[] = [];
    const ticker = setInterval(() => ticks.push(Date.now()), 20);
    const started = Date.now();
    const answer = await pool.run({ spinMs: 1_500, echo: 7 }, 30_000);
    clearInterval(ticker);
    expect(answer).toEqual({ echo: 7 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    // a blocked loop would tick once at the end; a free one ticks throughout
    expect(ticks.length).toBeGreaterThan(20);
  }, 60_000);

  it('refuses beyond its queue and stops a task that runs past its time, then serves again', async () => {
    pool = new WorkerThreadPool({ modulePath, threads: 1, queueLimit: 1 });
    await pool.warm(30_000);
    const long = pool.run({ spinMs: 60_000, echo: 1 }, 1_000);
    const queued = pool.run({ spinMs: 0, echo: 2 }, 30_000);
    await expect(pool.run({ spinMs: 0, echo: 3 }, 30_000)).rejects.toBeInstanceOf(ThreadPoolBusyError);
    await expect(long).rejects.toBeInstanceOf(ThreadTaskTimeoutError);
    // the spinning thread was terminated; a fresh one takes the waiting task
    await expect(queued).resolves.toEqual({ echo: 2 });
    expect(pool.load()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);
});
