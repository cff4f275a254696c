import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { JobWaiter, openQueueEvents, redisOptionsFromUrl } from '@caddie/jobs';

const connection = { ...redisOptionsFromUrl(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'), maxRetriesPerRequest: null };

describe('JobWaiter (real Redis)', () => {
  const prefix = `test-waiter-${randomUUID().slice(0, 8)}`;
  const name = 'render';
  let queue: Queue;
  let worker: Worker;
  let waiter: JobWaiter;
  let events: ReturnType<typeof openQueueEvents>;

  beforeAll(async () => {
    queue = new Queue(name, { connection, prefix });
    events = openQueueEvents(name, { connection, prefix });
    waiter = new JobWaiter(queue, events);
    worker = new Worker(
      name,
      async (job) => {
        if (job.name === 'fail') throw new Error('{"code":"x","detail":"bad"}');
        if (job.name === 'slow') await new Promise((r) => setTimeout(r, 300));
        return { doubled: (job.data as { n: number }).n * 2 };
      },
      { connection, prefix, concurrency: 20 },
    );
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady(), worker.waitUntilReady()]);
  });

  afterAll(async () => {
    await worker.close();
    await events.close();
    await queue.obliterate({ force: true });
    await queue.close();
  });

  const finished = async (jobId: string) => {
    for (let i = 0; i < 200; i++) {
      const state = await queue.getJobState(jobId);
      if (state === 'completed' || state === 'failed') return state;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`job ${jobId} never finished`);
  };
  const keep = { removeOnComplete: { age: 60, count: 100 }, removeOnFail: { age: 60, count: 100 } };

  it('returns the result of a job that finished before the wait began (the race that lost results)', async () => {
    const job = await queue.add('fast', { n: 21 }, keep);
    expect(await finished(job.id!)).toBe('completed');
    await expect(waiter.wait(job.id!, 5_000)).resolves.toEqual({ state: 'done', result: { doubled: 42 } });
  });

  it('returns the failure reason of a job that failed before the wait began', async () => {
    const job = await queue.add('fail', { n: 1 }, keep);
    expect(await finished(job.id!)).toBe('failed');
    await expect(waiter.wait(job.id!, 5_000)).resolves.toEqual({ state: 'failed', reason: '{"code":"x","detail":"bad"}' });
  });

  it('waits for a running job and reports pending at the deadline, gone for an unknown id', async () => {
    const job = await queue.add('slow', { n: 2 }, keep);
    await expect(waiter.wait(job.id!, 2_000)).resolves.toEqual({ state: 'done', result: { doubled: 4 } });
    const later = await queue.add('slow', { n: 3 }, { ...keep, delay: 60_000 });
    await expect(waiter.wait(later.id!, 300)).resolves.toEqual({ state: 'pending' });
    await expect(waiter.wait('no-such-job', 1_000)).resolves.toEqual({ state: 'gone' });
  });

  it('answers pending at once for a zero wait (RENDER_WAIT_MS=0)', async () => {
    const later = await queue.add('slow', { n: 3 }, { ...keep, delay: 60_000 });
    await expect(waiter.wait(later.id!, 0)).resolves.toEqual({ state: 'pending' });
  });

  it('fans 60 concurrent waits out from one subscription, with no listener per wait', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    const listenersBefore = events.eventNames().reduce((n, e) => n + events.listenerCount(e), 0);
    const jobs = await Promise.all(Array.from({ length: 60 }, (_, n) => queue.add('slow', { n }, keep)));
    const waits = jobs.map((job) => waiter.wait<{ doubled: number }>(job.id!, 10_000));
    expect(waiter.waiting).toBe(60);
    expect(events.eventNames().reduce((n, e) => n + events.listenerCount(e), 0)).toBe(listenersBefore);
    const outcomes = await Promise.all(waits);
    process.off('warning', onWarning);
    expect(outcomes.map((o) => (o.state === 'done' ? o.result.doubled : o.state))).toEqual(jobs.map((_, n) => n * 2));
    expect(waiter.waiting).toBe(0);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('shares one watch per job: 100 waits on one job cost Redis the look-ups of one', async () => {
    const job = await queue.add('slow', { n: 50 }, keep);
    const before = waiter.lookUps;
    const waits = Array.from({ length: 100 }, () => waiter.wait<{ doubled: number }>(job.id!, 10_000));
    expect(waiter.watched).toBe(1);
    expect(waiter.waiting).toBe(100);
    const outcomes = await Promise.all(waits);
    expect(outcomes.every((o) => o.state === 'done' && o.result.doubled === 100)).toBe(true);
    // one getJobState at the start (and at most one recheck per second of the 300 ms job)
    expect(waiter.lookUps - before).toBeLessThanOrEqual(2);
    expect(waiter.watched).toBe(0);
  });

  it('keeps the watch for later waits when an early wait times out', async () => {
    const job = await queue.add('slow', { n: 7 }, keep);
    const short = waiter.wait(job.id!, 50);
    const long = waiter.wait<{ doubled: number }>(job.id!, 5_000);
    await expect(short).resolves.toEqual({ state: 'pending' });
    await expect(long).resolves.toEqual({ state: 'done', result: { doubled: 14 } });
  });
});
