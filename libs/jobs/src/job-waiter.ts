import { Job, type Queue, type QueueEvents } from 'bullmq';

/** How a wait for a job ended. */
export type JobWait<R> =
  | { state: 'done'; result: R }
  | { state: 'failed'; reason: string }
  /** still queued or running at the deadline */
  | { state: 'pending' }
  /** no such job (never added, or removed) */
  | { state: 'gone' };

type Finished = { state: 'done'; result: unknown } | { state: 'failed'; reason: string };

/**
 * While waiting, the job is looked up again this often: the finish event is the fast path, the
 * look-up makes the wait independent of whether that event was ever seen (a subscription that
 * was reconnecting, or a job that finished before the first read of the event stream).
 */
export const JOB_WAIT_RECHECK_MS = 1_000;
/** Bound of one look-up, so a frozen Redis cannot hold a waiter past its deadline. */
export const JOB_LOOKUP_TIMEOUT_MS = 1_500;

/** One job watched for this process: the waits on it, and how its look-up loop hears of a finish event. */
interface Watch {
  waits: Set<(outcome: JobWait<unknown>) => void>;
  /** wakes the look-up loop early (a finish event arrived) */
  wake: (finished: Finished) => void;
  finished: Promise<Finished>;
}

/**
 * Waits for jobs of one queue. One QueueEvents subscription per queue and process with two
 * listeners, fanned out in memory to any number of waiters (no listener per request). Waits on
 * the same job share one watch: one look-up loop in Redis per job and process, however many
 * requests wait for it, so 100 identical requests cost Redis what one does. A watch registers
 * first and looks the job up afterwards, so a job that finished before the wait began is read
 * from its kept record instead of being reported lost; finished jobs are kept at least as long
 * as any wait (JOB_RETENTION).
 */
export class JobWaiter {
  private readonly watches = new Map<string, Watch>();
  /** Redis look-ups made (getJobState calls), for tests and the capacity bench. */
  lookUps = 0;

  constructor(
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly recheckMs = JOB_WAIT_RECHECK_MS,
  ) {
    events.on('completed', ({ jobId, returnvalue }) => this.settle(jobId, { state: 'done', result: returnvalue }));
    events.on('failed', ({ jobId, failedReason }) => this.settle(jobId, { state: 'failed', reason: failedReason }));
  }

  /** Number of waits in progress (for tests and metrics). */
  get waiting(): number {
    let count = 0;
    for (const watch of this.watches.values()) count += watch.waits.size;
    return count;
  }

  /** Number of jobs watched (each has one look-up loop). */
  get watched(): number {
    return this.watches.size;
  }

  /** Waits until the job finishes or `timeoutMs` passes; 0 or less answers `pending` at once. */
  async wait<R>(jobId: string, timeoutMs: number): Promise<JobWait<R>> {
    if (timeoutMs <= 0) return { state: 'pending' };
    let watch = this.watches.get(jobId);
    const starts = !watch;
    if (!watch) {
      let wake!: (finished: Finished) => void;
      const finished = new Promise<Finished>((resolve) => (wake = resolve));
      watch = { waits: new Set(), wake, finished };
      this.watches.set(jobId, watch);
    }
    let resolveWait!: (outcome: JobWait<unknown>) => void;
    const outcome = new Promise<JobWait<unknown>>((resolve) => (resolveWait = resolve));
    watch.waits.add(resolveWait);
    if (starts) void this.watch(jobId, watch);
    const timer = setTimeout(() => resolveWait({ state: 'pending' }), timeoutMs);
    try {
      return (await outcome) as JobWait<R>;
    } finally {
      clearTimeout(timer);
      watch.waits.delete(resolveWait);
    }
  }

  /** The look-up loop of one job: runs while anyone waits, settles every wait when the job finishes or is gone. */
  private async watch(jobId: string, watch: Watch): Promise<void> {
    try {
      await bounded(this.events.waitUntilReady(), JOB_LOOKUP_TIMEOUT_MS).catch(() => undefined);
      while (watch.waits.size > 0) {
        const seen = await this.lookUp(jobId);
        if (seen.state !== 'pending') return this.resolveAll(watch, seen);
        if (watch.waits.size === 0) return;
        let timer: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([watch.finished, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), this.recheckMs)))]);
        clearTimeout(timer);
        if (outcome) return this.resolveAll(watch, outcome);
      }
    } finally {
      if (this.watches.get(jobId) === watch) this.watches.delete(jobId);
    }
  }

  private resolveAll(watch: Watch, outcome: JobWait<unknown>): void {
    for (const resolve of watch.waits) resolve(outcome);
  }

  private settle(jobId: string, finished: Finished): void {
    const watch = this.watches.get(jobId);
    if (!watch) return;
    // Off the map at once: its loop may still be inside a look-up, and `watched` counts live jobs.
    this.watches.delete(jobId);
    this.resolveAll(watch, finished);
    watch.wake(finished);
  }

  /** The job's state now: finished (with its result), gone, or pending (also when Redis does not answer in time). */
  private async lookUp(jobId: string): Promise<JobWait<unknown>> {
    try {
      this.lookUps++;
      const state = await bounded(this.queue.getJobState(jobId), JOB_LOOKUP_TIMEOUT_MS);
      if (state === 'unknown') return { state: 'gone' };
      if (state !== 'completed' && state !== 'failed') return { state: 'pending' };
      const job = await bounded(Job.fromId(this.queue, jobId), JOB_LOOKUP_TIMEOUT_MS);
      if (!job) return { state: 'gone' };
      return state === 'completed' ? { state: 'done', result: job.returnvalue } : { state: 'failed', reason: job.failedReason };
    } catch {
      return { state: 'pending' };
    }
  }
}

function bounded<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
