import { hostname } from 'node:os';
import { UnrecoverableError } from 'bullmq';
import { assertEveryJobHasHandler, type JobHandlers, type QueueName, type WorkerPingResult } from './queues';

/** Answers the diagnostic ping job: proves a worker of this queue is consuming. */
export function pingHandler(queue: QueueName): () => Promise<WorkerPingResult> {
  return async () => ({ queue, worker: `${hostname()}:${process.pid}`, pid: process.pid });
}

export interface JobLike {
  id?: string;
  name: string;
  data: unknown;
  attemptsMade: number;
}

/**
 * Routes a job to its handler. An unknown job name can never succeed on retry, so it is
 * unrecoverable; handler errors propagate so BullMQ records the failure and retries it.
 */
export class JobDispatcher<Q extends QueueName> {
  constructor(
    readonly queue: Q,
    private readonly handlers: JobHandlers<Q>,
  ) {
    assertEveryJobHasHandler(queue, handlers as Record<string, unknown>);
  }

  async dispatch(job: JobLike): Promise<unknown> {
    const handler = (this.handlers as Record<string, (payload: unknown, ctx: { jobId: string; attemptsMade: number }) => Promise<unknown>>)[job.name];
    if (!handler) throw new UnrecoverableError(`queue ${this.queue} has no job named ${job.name}`);
    return handler(job.data, { jobId: String(job.id ?? ''), attemptsMade: job.attemptsMade });
  }
}
