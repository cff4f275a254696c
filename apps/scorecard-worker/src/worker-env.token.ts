export const WORKER_ENV = Symbol('WORKER_ENV');
export const SCORECARD_ARTIFACT_STORE = Symbol('SCORECARD_ARTIFACT_STORE');
/**
 * `{ host }`: this module's scorecard WorkerHost (its class is built per environment). A holder,
 * not an alias: BullMQ's explorer would start a second worker for an alias of the processor.
 */
export const SCORECARD_PROCESSOR = Symbol('SCORECARD_PROCESSOR');
