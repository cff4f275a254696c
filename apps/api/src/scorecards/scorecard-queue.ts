import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Job, Queue, QueueEvents } from 'bullmq';
import {
  closeWithin,
  decodeScorecardFailure,
  openQueueEvents,
  redisOptionsFromUrl,
  type JobPayload,
  type JobResult,
  type ScorecardJobFailure,
  type ScorecardNormalizePayload,
  type ScorecardNormalizeResult,
} from '@caddie/jobs';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';
import { WORKER_REPORTABLE_CODES } from './scorecard-problems';
import { DEFAULT_SCORECARD_TIMING, SCORECARD_TIMING, type ScorecardTiming } from './scorecard-timing';

type ScorecardJobName = 'scorecard.normalize' | 'scorecard.process';

/** Why a scorecard job gave no result. */
export type ScorecardJobOutcome =
  /** the queue could not be reached or the job not added */
  | { kind: 'queue-unavailable'; detail: string }
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
 * Hands scorecard work to the scorecard workers and waits for it under the request deadline.
 * A job holds the photo only while it runs: it is removed on completion, on failure, and
 * (when still waiting) on timeout. One QueueEvents subscription per API process.
 */
@Injectable()
export class ScorecardQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('ScorecardQueue');
  private events?: QueueEvents;
  readonly timing: ScorecardTiming;

  constructor(
    @InjectQueue('scorecard') private readonly queue: Queue,
    private readonly config: ApiConfig,
    @Optional() @Inject(SCORECARD_TIMING) timing?: Partial<ScorecardTiming>,
  ) {
    this.timing = { ...DEFAULT_SCORECARD_TIMING, ...timing };
  }

  private queueEvents(): QueueEvents {
    if (!this.events) {
      this.events = openQueueEvents('scorecard', {
        connection: { ...redisOptionsFromUrl(this.config.env.REDIS_URL), maxRetriesPerRequest: null },
        prefix: this.config.env.REDIS_PREFIX,
      });
      this.events.on('error', (error) => this.logger.warn(`queue events: ${error.message}`));
    }
    return this.events;
  }

  async onApplicationShutdown(): Promise<void> {
    const events = this.events;
    if (events) await closeWithin(() => events.close(), () => events.disconnect());
  }

  /** Runs one normalization; resolves with the worker's result or throws the problem to answer. */
  async normalize(payload: Omit<ScorecardNormalizePayload, 'deadline'>, startedAt = Date.now()): Promise<ScorecardNormalizeResult> {
    const unavailable = (detail: string) => new ApiProblem('scorecard-normalization-unavailable', detail, { headers: { 'Retry-After': '5' } });
    try {
      return await this.run('scorecard.normalize', payload, startedAt + this.timing.normalizeDeadlineMs);
    } catch (error) {
      if (!(error instanceof ScorecardJobError)) throw error;
      const { outcome } = error;
      if (outcome.kind === 'queue-unavailable') throw unavailable(`The scorecard queue is unavailable: ${outcome.detail}`);
      if (outcome.kind === 'failed' && WORKER_REPORTABLE_CODES.has(outcome.failure.code)) throw new ApiProblem(outcome.failure.code, outcome.failure.detail);
      throw unavailable('No scorecard worker finished the normalization within the request deadline.');
    }
  }

  /**
   * Adds a job and waits for it until `deadline` (epoch ms). Throws ScorecardJobError with the
   * outcome when there is no result; a job still waiting at the deadline is removed.
   */
  async run<N extends ScorecardJobName>(name: N, payload: Omit<JobPayload<'scorecard', N>, 'deadline'>, deadline: number): Promise<JobResult<'scorecard', N>> {
    const events = this.queueEvents();
    const remaining = () => Math.max(1, deadline - Date.now());
    let job: Job;
    try {
      await withTimeout(events.waitUntilReady(), remaining());
      job = await withTimeout(this.queue.add(name, { ...payload, deadline }, { attempts: 1, removeOnComplete: true, removeOnFail: true }), remaining());
    } catch (error) {
      throw new ScorecardJobError({ kind: 'queue-unavailable', detail: (error as Error).message });
    }
    try {
      return (await job.waitUntilFinished(events, remaining())) as JobResult<'scorecard', N>;
    } catch (error) {
      const message = (error as Error).message;
      const failure = decodeScorecardFailure(message);
      if (failure) throw new ScorecardJobError({ kind: 'failed', failure });
      if (!/timed out|Job wait/i.test(message)) throw new ScorecardJobError({ kind: 'crashed', detail: message });
      // Deadline: a job nobody took yet is removed now (the photo leaves Redis); a running one
      // cannot be stopped from here and drops its work at the deadline itself.
      const state = await job.getState().catch(() => 'unknown');
      const started = state === 'active' || state === 'completed' || state === 'failed' || state === 'unknown';
      if (!started) await job.remove().catch(() => undefined);
      throw new ScorecardJobError({ kind: 'deadline', started });
    }
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
