import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FlowProducer, Queue, QueueEvents, Worker, type Job } from 'bullmq';
import { LocalDiskArtifactStore } from '@caddie/artifacts';
import type { Course } from '@caddie/catalog';
import Redis from 'ioredis';
import {
  closeWithin,
  openQueueEvents,
  PrintableFlowSubmitter,
  printableDeletedKey,
  printablePackageKeys,
  printablePackageObjects,
  redisOptionsFromUrl,
  type PrintableJobBase,
} from '@caddie/jobs';
import type { CourseStore } from '@caddie/persistence';
import { PrintableDataMissingError, type PrintableManifest } from '@caddie/printables';
import type { PrintableEngine } from '../../apps/render-worker/src/printable-engine';
import { PrintableRenderHandler } from '../../apps/render-worker/src/printable-render.handler';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const connection = redisOptionsFromUrl(REDIS_URL);
const REVISION = `sha256:${'a'.repeat(64)}`;
const course = { id: 'demo-pine-hollow', name: 'Pine Hollow' } as unknown as Course;
const catalog = { document: async () => ({ revision: REVISION, course }) } as unknown as CourseStore;

/** A page renderer that draws nothing: each page is its index in bytes, so assembly order is visible. */
class FakeEngine implements PrintableEngine {
  failOnPage: number | null = null;
  failWith: () => Error = () => new PrintableDataMissingError('printable-green-missing', 'hole 3 has no green');
  pageDelayMs = 0;
  assembledOrders: number[][] = [];
  compile(_course: Course, courseRevision: string, template: string, options: Record<string, unknown>): PrintableManifest {
    const pages = Array.from({ length: Number(options.pages) }, (_, index) => ({ index, kind: 'hole', title: `page ${index + 1}`, holds: [], missing: [] }));
    return { template, options, courseRevision, pages } as unknown as PrintableManifest;
  }
  async renderPage(_course: Course, _manifest: PrintableManifest, pageIndex: number) {
    await new Promise((resolve) => setTimeout(resolve, this.pageDelayMs));
    if (pageIndex === this.failOnPage) throw this.failWith();
    return { index: pageIndex, pdf: Buffer.from(`pdf${pageIndex}`), png: Buffer.from(`png${pageIndex}`) };
  }
  async assemble(_manifest: PrintableManifest, pages: { index: number; pdf: Uint8Array }[]) {
    this.assembledOrders.push(pages.map((p) => Number(Buffer.from(p.pdf).toString().slice(3))));
    const bytes = Buffer.from(pages.map((p) => Buffer.from(p.pdf).toString()).join('|'));
    return { pdf: bytes, pngs: [], manifestJson: Buffer.from('{}'), zip: bytes };
  }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('printable flows on the render queue (real Redis, fake page renderer)', () => {
  const prefix = `test-flow-${randomBytes(5).toString('hex')}`;
  const store = new LocalDiskArtifactStore(mkdtempSync(join(tmpdir(), 'caddie-flow-')));
  const engine = new FakeEngine();
  const redis = new Redis(REDIS_URL);
  const handler = new PrintableRenderHandler(
    catalog,
    store,
    engine,
    async (b) => (await redis.exists(printableDeletedKey(prefix, b.organizationId, b.contentKey))) > 0,
  );
  const queue = new Queue('render', { connection, prefix });
  const flows = new FlowProducer({ connection, prefix });
  const events = openQueueEvents('render', { connection, prefix });
  const submitter = new PrintableFlowSubmitter(flows, queue, events);
  const pagesBy: Record<string, number> = {};
  const workers: Worker[] = [];

  const base = (organizationId: string, pages: number, contentKey = `sha256:${randomBytes(32).toString('hex')}`): PrintableJobBase => ({
    organizationId,
    contentKey,
    courseId: 'demo-pine-hollow',
    courseRevision: REVISION,
    template: 'yardage-book@1',
    options: { pages },
  });

  beforeAll(async () => {
    await events.waitUntilReady();
    for (const name of ['worker-a', 'worker-b']) {
      const worker = new Worker(
        'render',
        async (job: Job) => {
          if (job.name === 'render.printable-page') {
            pagesBy[name] = (pagesBy[name] ?? 0) + 1;
            return handler.renderPage(job.data);
          }
          return handler.assemble(job.data);
        },
        { connection: { ...connection, maxRetriesPerRequest: null }, prefix, concurrency: 1 },
      );
      workers.push(worker);
    }
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await closeWithin(
      () => events.close(),
      () => events.disconnect(),
    );
    await flows.close();
    await queue.obliterate({ force: true });
    await queue.close();
    redis.disconnect();
  });

  it('renders one child job per page on every worker, then assembles them in page order', async () => {
    engine.pageDelayMs = 30;
    const job = base('org_a', 8);
    const { jobId, coalesced } = await submitter.submit(job, 8);
    expect(coalesced).toBe(false);
    const state = await submitter.wait(jobId, 20_000);
    expect(state).toMatchObject({ state: 'done', result: { pageCount: 8, contentKey: job.contentKey } });
    expect(Object.keys(pagesBy).sort()).toEqual(['worker-a', 'worker-b']);
    expect(engine.assembledOrders.at(-1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const keys = printablePackageKeys('org_a', job.contentKey);
    expect((await store.get(keys.zip))?.body.toString()).toBe('pdf0|pdf1|pdf2|pdf3|pdf4|pdf5|pdf6|pdf7');
    expect((await store.get(keys.pagePng(7)))?.body.toString()).toBe('png7');
    // the hand-over PDFs are gone once the package is stored
    expect(await store.head(keys.pagePdf(0))).toBeNull();
  });

  it('ends a wait when the flow finishes even if its finish event is never seen', async () => {
    // a subscription that never reads stands for one whose first read came after the finish was published
    const deaf = new QueueEvents('render', { connection, prefix, autorun: false });
    try {
      engine.pageDelayMs = 0;
      const deafSubmitter = new PrintableFlowSubmitter(flows, queue, deaf);
      const { jobId } = await deafSubmitter.submit(base('org_a', 2), 2);
      const startedAt = Date.now();
      const state = await deafSubmitter.wait(jobId, 60_000);
      expect(state).toMatchObject({ state: 'done', result: { pageCount: 2 } });
      // answered by a look-up of the job, not at the deadline
      expect(Date.now() - startedAt).toBeLessThan(30_000);
    } finally {
      await deaf.close();
    }
  }, 70_000);

  it('reports pages done while the flow renders', async () => {
    engine.pageDelayMs = 150;
    const { jobId } = await submitter.submit(base('org_a', 6), 6);
    let sawPartial = false;
    for (let i = 0; i < 200; i++) {
      const state = await submitter.state(jobId);
      if (state.state === 'rendering' && state.pagesDone > 0 && state.pagesDone < 6) sawPartial = true;
      if (state.state === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(sawPartial).toBe(true);
    expect((await submitter.state(jobId)).state).toBe('done');
  });

  it('coalesces an identical printable of the same organization into the running flow, without stray page jobs', async () => {
    engine.pageDelayMs = 50;
    const contentKey = `sha256:${randomBytes(32).toString('hex')}`;
    const before = await queue.getJobCountByTypes('completed', 'waiting', 'active', 'waiting-children', 'failed', 'delayed');
    const first = await submitter.submit(base('org_a', 4, contentKey), 4);
    const second = await submitter.submit(base('org_a', 4, contentKey), 4);
    const otherOrganization = await submitter.submit(base('org_b', 4, contentKey), 4);
    expect(second).toEqual({ jobId: first.jobId, coalesced: true });
    expect(otherOrganization.coalesced).toBe(false);
    await submitter.wait(first.jobId, 20_000);
    await submitter.wait(otherOrganization.jobId, 20_000);
    const after = await queue.getJobCountByTypes('completed', 'waiting', 'active', 'waiting-children', 'failed', 'delayed');
    // two flows of 4 pages and a parent each: the coalesced request added no job at all
    expect(after - before).toBe(10);
    expect(await store.head(printablePackageKeys('org_b', contentKey).zip)).not.toBeNull();
  });

  it("fails the whole printable with the failing page's own reason, without retrying data that is missing", async () => {
    engine.pageDelayMs = 0;
    engine.failOnPage = 2;
    const { jobId } = await submitter.submit(base('org_a', 4), 4);
    const state = await submitter.wait(jobId, 20_000);
    engine.failOnPage = null;
    expect(state.state).toBe('failed');
    expect(JSON.parse((state as { reason: string }).reason)).toEqual({ code: 'printable-green-missing', detail: 'hole 3 has no green' });
    const failedPage = (await queue.getFailed()).find((job) => job.name === 'render.printable-page' && job.data.pageIndex === 2);
    expect(failedPage?.attemptsMade).toBe(1);
  });

  it("does not retry a page the renderer refuses, and keeps the refusal's internals out of the reason", async () => {
    engine.failOnPage = 1;
    engine.failWith = () => Object.assign(new Error('Invalid graphics request: output.width: 316 is outside 320..8000'), { name: 'GraphicsRequestError' });
    const { jobId } = await submitter.submit(base('org_a', 3), 3);
    const state = await submitter.wait(jobId, 20_000);
    engine.failOnPage = null;
    expect(JSON.parse((state as { reason: string }).reason)).toEqual({ code: 'printable-render-failed', detail: 'page 2 cannot be drawn with these options' });
    const contentKey = (await queue.getJob(jobId))?.data.contentKey;
    const failedPage = (await queue.getFailed()).find((job) => job.data.contentKey === contentKey && job.name === 'render.printable-page');
    expect(failedPage?.attemptsMade).toBe(1);
  });

  it('stops a flow whose printable is deleted while it renders: pending jobs removed, running ones write nothing, no package', async () => {
    engine.pageDelayMs = 400;
    const job = base('org_a', 8);
    const assembledBefore = engine.assembledOrders.length;
    const { jobId } = await submitter.submit(job, 8);
    // deleted once a page is done and others are rendering
    await waitUntil(async () => {
      const s = await submitter.state(jobId);
      return s.state === 'rendering' && s.pagesDone >= 1;
    });
    const active = (await queue.getJobs(['active'])).filter((j) => j.data.contentKey === job.contentKey).map((j) => j.id);
    expect(active.length).toBeGreaterThan(0);
    const removed = await submitter.cancel(job, jobId, 8);
    // what the API does next: delete the package objects written so far
    for (const key of printablePackageObjects('org_a', job.contentKey, 8)) await store.delete(key);
    // the jobs that were running end on the mark (each sleeps 400 ms, then checks before it writes)
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const left = (await queue.getJobs(['waiting', 'delayed', 'waiting-children', 'active', 'completed', 'failed', 'prioritized'])).filter(
      (j) => j.data.contentKey === job.contentKey,
    );
    const byState = await Promise.all(left.map(async (j) => `${j.name}:${await j.getState()}`));
    // only jobs that were running remain (the parent too, when a running child kept it from removal),
    // all failed on the deletion: nothing waits, nothing completed, nothing was assembled
    expect(removed).toBeGreaterThan(0);
    expect(byState.filter((s) => !s.endsWith(':failed'))).toEqual([]);
    // (a worker may take a page between the mark and the removal: it skips it on the mark)
    for (const page of left.filter((j) => j.name === 'render.printable-page')) expect(JSON.parse(page.failedReason).code).toBe('printable-deleted');
    for (const key of printablePackageObjects('org_a', job.contentKey, 8)) expect(await store.head(key)).toBeNull();
    const flow = await submitter.state(jobId);
    if (flow.state !== 'missing') expect(JSON.parse((flow as { reason: string }).reason).code).toBe('printable-deleted');
    expect(engine.assembledOrders.length).toBe(assembledBefore);

    // the same content created again renders normally: the mark is lifted
    engine.pageDelayMs = 0;
    const again = await submitter.submit(job, 8);
    expect(await submitter.wait(again.jobId, 20_000)).toMatchObject({ state: 'done' });
    expect(await store.head(printablePackageKeys('org_a', job.contentKey).zip)).not.toBeNull();
  });

  it('still reports a deleted printable as deleted when the page that failed its flow was removed afterwards (cancel racing the page)', async () => {
    engine.pageDelayMs = 300;
    const job = base('org_race', 4);
    const { jobId } = await submitter.submit(job, 4);
    await waitUntil(async () => (await queue.getActiveCount()) > 0);
    // the deletion mark as cancel() sets it: the running pages fail on it and the first failure fails the flow
    await redis.set(printableDeletedKey(prefix, 'org_race', job.contentKey), '1', 'EX', 60);
    await waitUntil(async () => (await submitter.state(jobId)).state === 'failed');
    // cancel() removing page jobs one by one can remove the page that failed the flow, once it failed
    for (let page = 0; page < 4; page++) await queue.remove(`${jobId}-page-${page}`).catch(() => 0);
    const flow = await submitter.state(jobId);
    expect(flow.state).toBe('failed');
    expect(JSON.parse((flow as { reason: string }).reason)).toMatchObject({ code: 'printable-deleted' });
    engine.pageDelayMs = 0;
  }, 30_000);

  it('answers missing for a flow it never had', async () => {
    expect(await submitter.state('p-nothing')).toEqual({ state: 'missing' });
  });
});
