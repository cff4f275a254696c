import { hostname } from 'node:os';
import { type OnApplicationBootstrap, type Type, Inject, Logger } from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { ArtifactStore } from '@caddie/artifacts';
import type { WorkerEnv } from '@caddie/config';
import { loadOpenCv } from '@caddie/fiducials';
import { JobDispatcher, pingHandler, scorecardReadingsCounterKey } from '@caddie/jobs';
import { ArtifactRetention } from './artifact-retention';
import { ScorecardProcessHandler } from './scorecard-process-handler';
import { ScorecardNormalizer } from './scorecard-normalizer';
import { SCORECARD_ARTIFACT_STORE, WORKER_ENV } from './worker-env.token';

/**
 * Consumes the scorecard queue: marker detection, normalization and handwriting reading under
 * request deadlines. Built per process from the parsed environment (BullMQ worker options are
 * fixed when the worker is created); the short lock and stalled interval let a surviving worker
 * take over a crashed worker's job before the request deadline.
 */
export function scorecardProcessorClass(env: WorkerEnv): Type<WorkerHost> {
  @Processor('scorecard', {
    name: `${hostname()}:${process.pid}`,
    concurrency: env.WORKER_CONCURRENCY,
    lockDuration: env.SCORECARD_LOCK_DURATION_MS,
    stalledInterval: env.SCORECARD_STALLED_INTERVAL_MS,
  })
  class ScorecardProcessor extends WorkerHost implements OnApplicationBootstrap {
    private readonly logger = new Logger('ScorecardWorker');
    private readonly dispatcher: JobDispatcher<'scorecard'>;

    constructor(
      @Inject(WORKER_ENV) private readonly env: WorkerEnv,
      @Inject(SCORECARD_ARTIFACT_STORE) store: ArtifactStore,
      @InjectQueue('scorecard') private readonly queue: Queue,
    ) {
      super();
      const normalizer = new ScorecardNormalizer(store);
      const retention = new ArtifactRetention(store);
      const workerId = `${hostname()}:${process.pid}`;
      // Readings are counted per worker in Redis (tests prove coalescing by them; operators watch them).
      const processor = new ScorecardProcessHandler(env, async () => {
        const client = (await this.worker.client) as unknown as Redis;
        await client.hincrby(scorecardReadingsCounterKey(env.REDIS_PREFIX), workerId, 1);
      });
      this.dispatcher = new JobDispatcher('scorecard', {
        'worker.ping': pingHandler('scorecard'),
        'scorecard.normalize': (payload) => normalizer.handle(payload),
        'scorecard.process': (payload) => processor.handle(payload),
        'scorecard.sweep-artifacts': () => retention.sweep(),
      });
    }

    async onApplicationBootstrap(): Promise<void> {
      this.worker.concurrency = this.env.WORKER_CONCURRENCY;
      // OpenCV (WebAssembly) loads once per process, before the first job's deadline runs.
      await loadOpenCv();
      await ArtifactRetention.schedule(this.queue);
      this.logger.log(`consuming queue scorecard with concurrency ${this.env.WORKER_CONCURRENCY}`);
    }

    async process(job: Job): Promise<unknown> {
      try {
        return await this.dispatcher.dispatch(job);
      } finally {
        // the finished job is kept for late readers (JOB_RETENTION); the photo is not
        await job.updateData({ ...(job.data as object), imageBase64: '' }).catch(() => undefined);
      }
    }
  }
  return ScorecardProcessor;
}
