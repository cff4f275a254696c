/**
 * The job contract between the API and the workers: queue names, job names and payloads,
 * in one typed list. Each worker checks at start-up that it handles every job of its queue.
 */
import type {
  AssembleMapArchivePayload,
  RenderMapArchiveResult,
  RenderMapTilePayload,
  RenderMapTileResult,
  RenderMapTilesPayload,
  RenderMapTilesResult,
} from './map-jobs';
import type { AssemblePrintablePayload, AssemblePrintableResult, RenderPrintablePagePayload, RenderPrintablePageResult } from './printable-jobs';
import type { RenderGraphicPayload, RenderGraphicResult } from './render-jobs';
import type {
  ScorecardNormalizePayload,
  ScorecardNormalizeResult,
  ScorecardProcessPayload,
  ScorecardProcessResult,
  ScorecardSweepPayload,
  ScorecardSweepResult,
} from './scorecard-jobs';

/**
 * `render` carries what someone waits for (graphics, tiles on demand, printables);
 * `render-batch` the map archive builds (their blocks of tiles and the assembly: one flow stays in
 * one queue, where BullMQ fails a parent with its failing child). Render workers consume both,
 * `render-batch` with few slots (WORKER_BATCH_CONCURRENCY), so an archive build never takes every
 * slot of the farm and a cold map view's tiles are rendered next to it.
 */
export const QUEUE_NAMES = ['render', 'render-batch', 'scorecard'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface WorkerPingPayload {
  sentAt: string;
}
export interface WorkerPingResult {
  queue: QueueName;
  worker: string;
  pid: number;
}

/** Job name -> payload and result types, per queue. Later features add their jobs here. */
export interface JobContract {
  render: {
    'worker.ping': { payload: WorkerPingPayload; result: WorkerPingResult };
    'render.graphic': { payload: RenderGraphicPayload; result: RenderGraphicResult };
    'render.map-tile': { payload: RenderMapTilePayload; result: RenderMapTileResult };
    'render.printable-page': { payload: RenderPrintablePagePayload; result: RenderPrintablePageResult };
    'render.printable-assemble': { payload: AssemblePrintablePayload; result: AssemblePrintableResult };
  };
  'render-batch': {
    'worker.ping': { payload: WorkerPingPayload; result: WorkerPingResult };
    'render.map-archive': { payload: AssembleMapArchivePayload; result: RenderMapArchiveResult };
    'render.map-tiles': { payload: RenderMapTilesPayload; result: RenderMapTilesResult };
  };
  scorecard: {
    'worker.ping': { payload: WorkerPingPayload; result: WorkerPingResult };
    'scorecard.normalize': { payload: ScorecardNormalizePayload; result: ScorecardNormalizeResult };
    'scorecard.process': { payload: ScorecardProcessPayload; result: ScorecardProcessResult };
    'scorecard.sweep-artifacts': { payload: ScorecardSweepPayload; result: ScorecardSweepResult };
  };
}

export type JobName<Q extends QueueName> = keyof JobContract[Q] & string;
export type JobPayload<Q extends QueueName, N extends JobName<Q>> = JobContract[Q][N] extends { payload: infer P } ? P : never;
export type JobResult<Q extends QueueName, N extends JobName<Q>> = JobContract[Q][N] extends { result: infer R } ? R : never;

export const JOB_NAMES: { [Q in QueueName]: JobName<Q>[] } = {
  render: ['worker.ping', 'render.graphic', 'render.map-tile', 'render.printable-page', 'render.printable-assemble'],
  'render-batch': ['worker.ping', 'render.map-archive', 'render.map-tiles'],
  scorecard: ['worker.ping', 'scorecard.normalize', 'scorecard.process', 'scorecard.sweep-artifacts'],
};

export type JobHandlers<Q extends QueueName> = {
  [N in JobName<Q>]: (payload: JobPayload<Q, N>, context: { jobId: string; attemptsMade: number }) => Promise<JobResult<Q, N>>;
};

/** Fails start-up when a declared job has no handler or a handler serves no declared job. */
export function assertEveryJobHasHandler(queue: QueueName, handlers: Record<string, unknown>): void {
  const declared = new Set<string>(JOB_NAMES[queue]);
  const handled = new Set(Object.keys(handlers));
  const missing = [...declared].filter((n) => !handled.has(n));
  const extra = [...handled].filter((n) => !declared.has(n));
  if (missing.length || extra.length) {
    throw new Error(
      `queue ${queue}: ${missing.length ? `no handler for ${missing.join(', ')}` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `handlers for undeclared jobs ${extra.join(', ')}` : ''}`,
    );
  }
}

/**
 * Retention of finished jobs. Completed jobs stay at least as long as the longest wait of an
 * API caller, so a caller that arrives late still finds the result.
 */
export const JOB_RETENTION = {
  completedAgeSeconds: 15 * 60,
  completedCount: 10_000,
  failedAgeSeconds: 24 * 60 * 60,
} as const;
