export { JOB_RETENTION, type JobPayload, type JobResult, QUEUE_NAMES, type QueueName, type WorkerPingResult } from './queues';
export { redisOptionsFromUrl } from './redis-options';
export { bullConnection, openRedis, prefixProbeKey, type RedisClient, type RedisEndpoint } from './redis-clients';
export { JobDispatcher, pingHandler } from './worker-runtime';
export { closeWorkerConnection, WORKER_REDIS_COMMAND_TIMEOUT_MS, workerBullOptions, workerRedisOptions } from './worker-bull-options';
export { graphicObjectKey, type RenderGraphicPayload, type RenderGraphicResult, renderRecordKey } from './render-jobs';
export {
  type AssembleMapArchivePayload,
  blockTiles,
  mapArchiveKey,
  type MapTileBlock,
  mapTileBlockKey,
  mapTileBlocks,
  mapTileFolder,
  type MapTileFormatName,
  mapTileKey,
  type RenderMapArchivePayload,
  type RenderMapArchiveResult,
  type RenderMapTilePayload,
  type RenderMapTileResult,
  type RenderMapTilesPayload,
  type RenderMapTilesResult,
} from './map-jobs';
export {
  decodeScorecardFailure,
  encodeScorecardFailure,
  SCORECARD_SWEEP_SCHEDULER_ID,
  type ScorecardJobFailure,
  type ScorecardNormalizePayload,
  type ScorecardNormalizeResult,
  type ScorecardProcessPayload,
  type ScorecardProcessResult,
  scorecardReadingsCounterKey,
  type ScorecardSweepResult,
  type StoredScorecardArtifact,
} from './scorecard-jobs';
export { RenderSubmitter, type RenderWait } from './render-submitter';
export { closeBullWithin, closeWithin } from './close-quietly';
export { openFlowProducer, openQueue, openQueueEvents } from './queue-events';
export {
  type AssemblePrintablePayload,
  type AssemblePrintableResult,
  PRINTABLE_DELETED_REASON,
  printableDeletedKey,
  type PrintableJobBase,
  printablePackageKeys,
  printablePackageObjects,
  type RenderPrintablePagePayload,
  type RenderPrintablePageResult,
} from './printable-jobs';
export { flowFailureReason, type PrintableFlowState, PrintableFlowSubmitter } from './printable-flow-submitter';
export { JOB_WAIT_RECHECK_MS, JobWaiter } from './job-waiter';
