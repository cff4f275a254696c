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

/**
 * Waits for jobs of one queue. One QueueEvents subscription per queue and process with two
 * listeners, fanned out in memory to any number of waiters (no listener per request). Every wait
 * registers itself first and looks the job up afterwards, so a job that finished before the wait
 * began is read from its kept record instead of being reported lost; finished jobs are kept at
 * least as long as any wait (JOB_RETENTION).
 */
export class JobWaiter {
  private readonly waiters = new Map<string, Set<(finished: Finished) => void>>();

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
    for (const set of this.waiters.values()) count += set.size;
    return count;
  }

  /** Waits until the job finishes or `timeoutMs` passes; 0 or less answers `pending` at once. */
  async wait<R>(jobId: string, timeoutMs: number): Promise<JobWait<R>> {
    if (timeoutMs <= 0) return { state: 'pending' };
    const deadline = Date.now() + timeoutMs;
    let resolveFinished!: (finished: Finished) => void;
    const finished = new Promise<Finished>((resolve) => (resolveFinished = resolve));
    const set = this.waiters.get(jobId) ?? new Set();
    set.add(resolveFinished);
    this.waiters.set(jobId, set);
    try {
      await bounded(this.events.waitUntilReady(), Math.min(JOB_LOOKUP_TIMEOUT_MS, deadline - Date.now())).catch(() => undefined);
      for (;;) {
        const seen = await this.lookUp(jobId, deadline);
        if (seen.state !== 'pending') return seen as JobWait<R>;
        const left = deadline - Date.now();
        if (left <= 0) return { state: 'pending' };
        let timer: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([finished, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), Math.min(left, this.recheckMs))))]);
        clearTimeout(timer);
        if (outcome) return outcome as JobWait<R>;
      }
    } finally {
      set.delete(resolveFinished);
      if (set.size === 0 && this.waiters.get(jobId) === set) this.waiters.delete(jobId);
    }
  }

  private settle(jobId: string, finished: Finished): void {
    for (const resolve of this.waiters.get(jobId) ?? []) resolve(finished);
  }

  /** The job's state now: finished (with its result), gone, or pending (also when Redis does not answer in time). */
  private async lookUp(jobId: string, deadline: number): Promise<JobWait<unknown>> {
    try {
      const budget = Math.max(1, Math.min(JOB_LOOKUP_TIMEOUT_MS, deadline - Date.now()));
      const state = await bounded(this.queue.getJobState(jobId), budget);
      if (state === 'unknown') return { state: 'gone' };
      if (state !== 'completed' && state !== 'failed') return { state: 'pending' };
      const job = await bounded(Job.fromId(this.queue, jobId), budget);
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
