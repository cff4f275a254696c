import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import {
  decodeScorecardFailure,
  type JobPayload,
  type JobResult,
  type JobWaiter,
  type ScorecardJobFailure,
  type ScorecardNormalizePayload,
  type ScorecardNormalizeResult,
} from '@caddie/jobs';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';
import { isProblemCode } from '../platform/problems/problem-catalog';
import { QueueConsumers } from '../platform/redis/queue-consumers';
import { QueueWaiters } from '../platform/redis/queue-waiters';
import { WORKER_REPORTABLE_CODES } from './scorecard-problems';
import { DEFAULT_SCORECARD_TIMING, SCORECARD_TIMING, type ScorecardTiming } from './scorecard-timing';

/**
 * Retention of finished scorecard jobs: long enough for the waiting request to read the result
 * even when the job finished before the wait began (twice the longest request deadline), short
 * and count-bounded because results carry reading data. The worker blanks the photo of a job
 * when it finishes, and the API removes the job as soon as it has read it.
 */
export const SCORECARD_JOB_RETENTION = { ageSeconds: 60, count: 1_000 } as const;

type ScorecardJobName = 'scorecard.normalize' | 'scorecard.process';

/**
 * How long a request waits for a scorecard worker to connect when none is. Right after a start,
 * or while the launcher restarts a crashed worker (0.5 s, backing off to 10 s), the work is held
 * rather than refused: the first burst after `npm start` once lost 7 of 30 uploads to a worker
 * that connected a moment later. Never past the request's deadline.
 */
export const NO_WORKER_WAIT_MS = 10_000;
const NO_WORKER_POLL_MS = 250;

/** Why a scorecard job gave no result. */
export type ScorecardJobOutcome =
  /** the queue could not be reached or the job not added (the cause is logged, never answered) */
  | { kind: 'queue-unavailable' }
  /** no scorecard worker is connected, so nothing would take the job */
  | { kind: 'no-worker' }
  /** the worker failed the job with a spec problem code */
  | { kind: 'failed'; failure: ScorecardJobFailure }
  /** the worker failed unexpectedly */
  | { kind: 'crashed'; detail: string }
  /** the deadline passed; `started` tells whether a worker had taken the job */
  | { kind: 'deadline'; started: boolean };

export class ScorecardJobError extends Error {
  constructor(readonly outcome: ScorecardJobOutcome) {
    super(outcome.kind);
  }
}

/**
 * Hands scorecard work to the scorecard workers and waits for it under the request deadline,
 * through the process's one waiter of the scorecard queue (QueueWaiters).
 */
@Injectable()
export class ScorecardQueue {
  readonly timing: ScorecardTiming;
  private readonly waiter: JobWaiter;

  constructor(
    @InjectQueue('scorecard') private readonly queue: Queue,
    waiters: QueueWaiters,
    private readonly consumers: QueueConsumers,
    config: ApiConfig,
    @Optional() @Inject(SCORECARD_TIMING) timing?: Partial<ScorecardTiming>,
  ) {
    const deadlines = { normalizeDeadlineMs: config.env.SCORECARD_NORMALIZE_DEADLINE_MS, processDeadlineMs: config.env.SCORECARD_PROCESS_DEADLINE_MS };
    this.timing = { ...DEFAULT_SCORECARD_TIMING, ...deadlines, ...timing };
    this.waiter = waiters.of('scorecard');
  }

  /** Runs one normalization; resolves with the worker's result or throws the problem to answer. */
  async normalize(payload: Omit<ScorecardNormalizePayload, 'deadline'>, startedAt = Date.now()): Promise<ScorecardNormalizeResult> {
    const unavailable = (detail: string) => new ApiProblem('scorecard-normalization-unavailable', detail, { headers: { 'Retry-After': '5' } });
    try {
      return await this.run('scorecard.normalize', payload, startedAt + this.timing.normalizeDeadlineMs);
    } catch (error) {
      if (!(error instanceof ScorecardJobError)) throw error;
      const { outcome } = error;
      if (outcome.kind === 'queue-unavailable') throw unavailable('The scorecard queue is unavailable; retry shortly.');
      if (outcome.kind === 'no-worker') throw unavailable('No scorecard worker is running; retry shortly.');
      if (outcome.kind === 'failed' && WORKER_REPORTABLE_CODES.has(outcome.failure.code) && isProblemCode(outcome.failure.code))
        throw new ApiProblem(outcome.failure.code, outcome.failure.detail);
      throw unavailable('No scorecard worker finished the normalization within the request deadline.');
    }
  }

  private workerConnected(until: number): Promise<boolean> {
    return waitForWorker(() => this.consumers.present('scorecard'), until);
  }

  /**
   * Adds a job and waits for it until `deadline` (epoch ms). Throws ScorecardJobError with the
   * outcome when there is no result; a job still waiting at the deadline is removed.
   */
  async run<N extends ScorecardJobName>(name: N, payload: Omit<JobPayload<'scorecard', N>, 'deadline'>, deadline: number): Promise<JobResult<'scorecard', N>> {
    const remaining = () => Math.max(1, deadline - Date.now());
    // Without a connected worker nothing would take the job: wait a little for one, else say so
    // well before the deadline.
    if (!(await this.workerConnected(Math.min(deadline, Date.now() + NO_WORKER_WAIT_MS)))) throw new ScorecardJobError({ kind: 'no-worker' });
    let job: Job;
    try {
      job = await withTimeout(
        this.queue.add(
          name,
          { ...payload, deadline },
          {
            attempts: 1,
            removeOnComplete: { age: SCORECARD_JOB_RETENTION.ageSeconds, count: SCORECARD_JOB_RETENTION.count },
            removeOnFail: { age: SCORECARD_JOB_RETENTION.ageSeconds, count: SCORECARD_JOB_RETENTION.count },
          },
        ),
        remaining(),
      );
    } catch {
      throw new ScorecardJobError({ kind: 'queue-unavailable' });
    }
    const jobId = job.id!;
    const outcome = await this.waiter.wait<JobResult<'scorecard', N>>(jobId, remaining());
    if (outcome.state === 'done' || outcome.state === 'failed') void this.queue.remove(jobId).catch(() => undefined);
    if (outcome.state === 'done') return outcome.result;
    if (outcome.state === 'gone') throw new ScorecardJobError({ kind: 'crashed', detail: 'the job is gone' });
    if (outcome.state === 'failed') {
      const failure = decodeScorecardFailure(outcome.reason);
      throw new ScorecardJobError(failure ? { kind: 'failed', failure } : { kind: 'crashed', detail: outcome.reason });
    }
    // Deadline: a job nobody took yet is removed now (the photo leaves Redis); a running one
    // cannot be stopped from here and drops its work at the deadline itself.
    const state = await withTimeout(job.getState(), 1_000).catch(() => 'unknown');
    const started = state === 'active' || state === 'completed' || state === 'failed' || state === 'unknown';
    if (!started) await withTimeout(job.remove(), 1_000).catch(() => undefined);
    throw new ScorecardJobError({ kind: 'deadline', started });
  }
}

/** Whether a worker is connected (or Redis cannot tell) by `until` (epoch ms). */
async function waitForWorker(present: () => Promise<boolean | undefined>, until: number): Promise<boolean> {
  for (;;) {
    if ((await present()) !== false) return true;
    if (Date.now() + NO_WORKER_POLL_MS > until) return false;
    await new Promise((resolve) => setTimeout(resolve, NO_WORKER_POLL_MS));
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
