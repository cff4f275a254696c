import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { type Job, type Queue, QueueEvents } from 'bullmq';
import { decodeScorecardFailure, redisOptionsFromUrl, type ScorecardNormalizePayload, type ScorecardNormalizeResult, closeWithin } from '@caddie/jobs';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';
import { WORKER_REPORTABLE_CODES } from './scorecard-problems';
import { DEFAULT_SCORECARD_TIMING, SCORECARD_TIMING, type ScorecardTiming } from './scorecard-timing';

/**
 * Hands normalize work to the scorecard workers and waits for it under the request deadline.
 * The job holds the photo only while it runs: it is removed on completion, on failure, and
 * (when still waiting) on timeout. One QueueEvents subscription per API process.
 */
@Injectable()
export class NormalizationQueue implements OnApplicationShutdown {
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
      this.events = new QueueEvents('scorecard', {
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
    const deadline = startedAt + this.timing.normalizeDeadlineMs;
    const unavailable = (detail: string) => new ApiProblem('scorecard-normalization-unavailable', detail, { headers: { 'Retry-After': '5' } });
    const events = this.queueEvents();
    const remaining = () => Math.max(1, deadline - Date.now());
    let job: Job<ScorecardNormalizePayload, ScorecardNormalizeResult>;
    try {
      await withTimeout(events.waitUntilReady(), remaining());
      job = await withTimeout(
        this.queue.add('scorecard.normalize', { ...payload, deadline }, { attempts: 1, removeOnComplete: true, removeOnFail: true }),
        remaining(),
      );
    } catch (error) {
      throw unavailable(`The scorecard queue is unavailable: ${(error as Error).message}`);
    }
    try {
      return await job.waitUntilFinished(events, remaining());
    } catch (error) {
      const failure = decodeScorecardFailure((error as Error).message);
      if (failure && WORKER_REPORTABLE_CODES.has(failure.code)) throw new ApiProblem(failure.code, failure.detail);
      // Still waiting (no worker): take the photo out of Redis now rather than at the deadline.
      await job.remove().catch(() => undefined);
      throw unavailable('No scorecard worker finished the normalization within the request deadline.');
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
