import { randomUUID } from 'node:crypto';
import { type FlowProducer, Job, type Queue, type QueueEvents } from 'bullmq';
import {
  PRINTABLE_DELETED_MARK_SECONDS,
  PRINTABLE_DELETED_REASON,
  PRINTABLE_JOB_RETENTION,
  printableDeduplicationId,
  printableDeletedKey,
  type AssemblePrintablePayload,
  type AssemblePrintableResult,
  type PrintableJobBase,
  type RenderPrintablePagePayload,
} from './printable-jobs';
import { JobWaiter } from './job-waiter';
import { RENDER_ATTEMPTS } from './render-submitter';

export type PrintableFlowState =
  | { state: 'rendering'; pagesDone: number; started: boolean }
  | { state: 'done'; result: AssemblePrintableResult }
  | { state: 'failed'; reason: string }
  | { state: 'missing' };

const retry = { attempts: RENDER_ATTEMPTS, backoff: { type: 'exponential', delay: 500 } };
const retention = {
  removeOnComplete: { age: PRINTABLE_JOB_RETENTION.completedAgeSeconds },
  removeOnFail: { age: PRINTABLE_JOB_RETENTION.failedAgeSeconds },
};

/**
 * A flow's parent failed by a child names the child (its key: prefix, queue name, job id); the
 * child's own reason says what went wrong. Flows keep their children in the parent's queue.
 */
export async function flowFailureReason(queue: Queue, reason: string): Promise<string> {
  const child = /^child (\S+) failed$/.exec(reason);
  if (!child) return reason;
  const childId = child[1].slice(child[1].lastIndexOf(':') + 1);
  return (await Job.fromId(queue, childId))?.failedReason ?? reason;
}

/**
 * Submits one BullMQ flow per printable on the render queue: a child job per page (spread over
 * every render worker) under a parent that assembles the package. Identical printables of one
 * organization coalesce through deduplication on the parent: the offered flow is then not
 * created at all (its children cannot attach to a parent that does not exist).
 */
export class PrintableFlowSubmitter {
  /** Waits on the parent job: its finish event, or a look-up when that event was never seen. */
  private readonly waiter: JobWaiter;

  constructor(
    private readonly flows: FlowProducer,
    private readonly queue: Queue,
    events: QueueEvents,
  ) {
    this.waiter = new JobWaiter(queue, events);
  }

  async submit(base: PrintableJobBase, pageCount: number): Promise<{ jobId: string; coalesced: boolean }> {
    // a printable of this content deleted earlier no longer stops this one's jobs
    await (await this.queue.client).del(this.deletedKey(base));
    const offeredId = `p-${randomUUID()}`;
    const parent: AssemblePrintablePayload = { ...base, pageCount };
    const node = await this.flows.add({
      name: 'render.printable-assemble',
      queueName: this.queue.name,
      data: parent,
      opts: { jobId: offeredId, deduplication: { id: printableDeduplicationId(base.organizationId, base.contentKey) }, ...retry, ...retention },
      children: Array.from({ length: pageCount }, (_, pageIndex) => ({
        name: 'render.printable-page',
        queueName: this.queue.name,
        data: { ...base, pageIndex } satisfies RenderPrintablePagePayload,
        opts: { jobId: `${offeredId}-page-${pageIndex}`, failParentOnFailure: true, ...retry, ...retention },
      })),
    });
    return { jobId: node.job.id!, coalesced: node.job.id !== offeredId };
  }

  /** Where the flow stands: pages done while rendering, the result, or why it failed. */
  async state(jobId: string): Promise<PrintableFlowState> {
    const job = await Job.fromId<AssemblePrintablePayload, AssemblePrintableResult>(this.queue, jobId);
    if (!job) return { state: 'missing' };
    const state = await job.getState();
    if (state === 'completed') return { state: 'done', result: job.returnvalue };
    if (state === 'failed') {
      const reason = await flowFailureReason(this.queue, job.failedReason ?? '');
      // cancel() may remove the page that failed the flow on the deletion mark after it failed it: the mark still says why
      if (reason.startsWith('child ') && (await (await this.queue.client).get(this.deletedKey(job.data))) !== null)
        return { state: 'failed', reason: PRINTABLE_DELETED_REASON };
      return { state: 'failed', reason };
    }
    if (state === 'unknown') return { state: 'missing' };
    const counts = await job.getDependenciesCount({ processed: true });
    const pagesDone = state === 'waiting-children' ? (counts.processed ?? 0) : job.data.pageCount;
    return { state: 'rendering', pagesDone, started: pagesDone > 0 || state === 'active' };
  }

  /** Waits for the flow until the deadline, then reports where it stands. */
  async wait(jobId: string, timeoutMs: number): Promise<PrintableFlowState> {
    // BullMQ's waitUntilFinished alone would miss a finish published before its subscription's first read
    await this.waiter.wait(jobId, timeoutMs);
    return this.state(jobId);
  }

  /**
   * Stops the flow of a deleted printable: marks the content deleted (the workers skip its jobs
   * and write nothing more), then removes the parent with every child not yet taken. A child a
   * worker holds cannot be removed; it ends on the mark, and so does the parent if it survives.
   * Returns how many jobs were removed.
   */
  async cancel(base: Pick<PrintableJobBase, 'organizationId' | 'contentKey'>, jobId: string, pageCount: number): Promise<number> {
    await (await this.queue.client).set(this.deletedKey(base), '1', { EX: PRINTABLE_DELETED_MARK_SECONDS });
    const whole = await this.queue.remove(jobId, { removeChildren: true }).catch(() => 0);
    if (whole) return pageCount + 1;
    let removed = 0;
    for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) removed += await this.queue.remove(`${jobId}-page-${pageIndex}`).catch(() => 0);
    return removed + (await this.queue.remove(jobId).catch(() => 0));
  }

  private deletedKey(base: Pick<PrintableJobBase, 'organizationId' | 'contentKey'>): string {
    return printableDeletedKey(this.queue.opts.prefix ?? 'bull', base.organizationId, base.contentKey);
  }
}
