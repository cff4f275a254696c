import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ArtifactStore } from '@caddie/artifacts';
import { canonicalJson } from '@caddie/catalog';
import { printablePackageKeys, printablePackageObjects, type PrintableFlowState, type RedisClient } from '@caddie/jobs';
import {
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  PrintableContentBusyError,
  PrintableContentLocks,
  PrintableStore,
  type PrintableEntity,
  type PrintableFilter,
} from '@caddie/persistence';
import { describeTemplate, listTemplates, previewPrintable, printableContentKey, type PrintableManifest } from '@caddie/printables';
import { ArtifactDeliveryService } from '../artifacts/artifact-delivery.service';
import { CoursesService } from '../courses/courses.service';
import type { Principal } from '../platform/auth/principal';
import { ApiConfig } from '../platform/config/api-config';
import { IdempotencyStore, IdempotencyUnavailableError, type IdempotencyRecord } from '../platform/idempotency/idempotency-store';
import { ApiProblem } from '../platform/problems/api-problem';
import { REDIS } from '../platform/redis/redis.module';
import { ARTIFACT_STORE } from '../platform/storage/artifact-store.provider';
import { PrintableFlowsService } from './printable-flows.service';
import { flowBaseOf, newPrintableRow } from './printable-rows';
import { compileForCourse, type PrintableBody } from './printable-requests';
import { PRINTABLE_FAILURE_CODES } from './printables-problems';

export const PRINTABLE_LINK_TTL_SECONDS = 15 * 60;
/** How many unsettled printables one search brings up to date before it filters on status. */
const SETTLE_BEFORE_SEARCH = 50;
/** How long a create request may hold its Idempotency-Key before another request may take over. */
const CREATE_LEASE_MS = 60_000;
/** How long a create or delete waits for another one on the same package before answering 503. */
const PACKAGE_WAIT_MS = 10_000;

export interface PrintableQuery extends PrintableFilter {
  cursor?: string;
  limit: number;
}

const now = () => new Date().toISOString();

/**
 * The course-printables service: templates, compile (nothing stored), and printables as an
 * organization-owned REST resource rendered by one flow each on the render farm. The database
 * row is brought up to date from the flow whenever it is read (the workers never write it).
 */
@Injectable()
export class PrintablesService {
  private readonly logger = new Logger('Printables');
  private readonly store: PrintableStore;
  private readonly packages: PrintableContentLocks;
  private readonly idempotency: IdempotencyStore;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly courses: CoursesService,
    private readonly flows: PrintableFlowsService,
    private readonly delivery: ArtifactDeliveryService,
    @Inject(ARTIFACT_STORE) private readonly artifacts: ArtifactStore,
    private readonly config: ApiConfig,
    @Inject(REDIS) redis: RedisClient,
  ) {
    this.store = new PrintableStore(dataSource);
    this.packages = new PrintableContentLocks(dataSource);
    this.idempotency = new IdempotencyStore(redis, config.env.REDIS_PREFIX, 'printables');
  }

  templates() {
    return { items: listTemplates() };
  }

  template(templateId: string) {
    const description = describeTemplate(templateId);
    if (!description) throw new ApiProblem('printable-template-not-found', `No published template ${templateId.slice(0, 80)}.`);
    return description;
  }

  async compile(courseId: string, body: PrintableBody & { previewPages?: number }) {
    const { revision, course } = await this.courses.course(courseId);
    const { manifest } = compileForCourse(course, revision, body);
    const previews = await previewPrintable(course, manifest, body.previewPages ?? 2);
    return {
      manifest,
      contentKey: printableContentKey(manifest),
      previews: previews.map((p) => ({
        index: p.index,
        contentType: 'image/png' as const,
        dataUrl: `data:image/png;base64,${Buffer.from(p.png).toString('base64')}`,
      })),
    };
  }

  /**
   * Creates a printable (at most once per Idempotency-Key) and waits for it up to the render
   * deadline; `waitForRender: false` answers at once (the console shows progress by polling).
   */
  async create(
    principal: Principal,
    courseId: string,
    body: PrintableBody,
    idempotencyKey: string | undefined,
    requestId: string,
    { waitForRender = true } = {},
  ) {
    const { revision, course } = await this.courses.course(courseId);
    const { request, manifest } = compileForCourse(course, revision, body);
    if (idempotencyKey === undefined) {
      const row = await this.insertAndSubmit(principal, manifest);
      return { printable: await this.view(waitForRender ? await this.waitForRender(row) : row, true), replayed: false };
    }

    const scope = principal.organizationId;
    const fingerprint = createHash('sha256')
      .update(canonicalJson({ courseId, template: request.template, options: request.options }))
      .digest('hex');
    const claim = await this.idempotent(() => this.idempotency.begin(scope, idempotencyKey, fingerprint, requestId, CREATE_LEASE_MS));
    if (claim.kind === 'existing') return { printable: await this.replay(principal, claim.record, fingerprint), replayed: true };
    let row: PrintableEntity;
    try {
      row = await this.insertAndSubmit(principal, manifest);
    } catch (error) {
      await this.idempotency.release(scope, idempotencyKey, claim.record).catch(() => undefined);
      throw error;
    }
    // The printable exists now: a lost replay record only means a retry makes a second one.
    const kept = await this.idempotency.complete(scope, idempotencyKey, claim.record, { status: 201, body: { id: row.id } }).catch(() => false);
    if (!kept) this.logger.warn(`idempotency record of printable ${row.id} was not stored`);
    return { printable: await this.view(waitForRender ? await this.waitForRender(row) : row, true), replayed: false };
  }

  async read(principal: Principal, printableId: string, courseId?: string) {
    const row = await this.owned(principal, printableId);
    if (courseId !== undefined && row.courseId !== courseId) throw notFound(printableId);
    return this.view(await this.settle(row), true);
  }

  async list(principal: Principal, query: PrintableQuery) {
    let after;
    try {
      after = query.cursor ? decodeCursor(query.cursor) : undefined;
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new ApiProblem('invalid-cursor', 'The cursor is not one this API issued.');
      throw error;
    }
    // Unsettled rows may have finished since they were last read: settle them so the status filter is true.
    for (const row of await this.store.unsettled(principal.organizationId, SETTLE_BEFORE_SEARCH)) await this.settle(row);
    const page = await this.store.page(principal.organizationId, query, query.limit, after);
    return { items: await Promise.all(page.items.map((row) => this.view(row, false))), nextCursor: page.next ? encodeCursor(page.next) : null };
  }

  /** Deletes the record and its package (unless a live printable of the organization shares it); repeatable. */
  async delete(principal: Principal, printableId: string): Promise<void> {
    const known = /^prt_[0-9a-z]{1,40}$/.test(printableId) ? await this.store.findOwnedEvenDeleted(principal.organizationId, printableId) : null;
    if (!known) throw notFound(printableId);
    if (known.deletedAt) return;
    // under the package's lease: no create can find the package stored between the count of its sharers and its removal
    await this.onPackage(known, () => this.deleteUnderLease(principal.organizationId, printableId));
  }

  private async deleteUnderLease(organizationId: string, printableId: string): Promise<void> {
    const { deleted, contentShared } = await this.store.deleteOwned(organizationId, printableId, now());
    if (!deleted || contentShared) return;
    if (deleted.flowJobId && deleted.status !== 'ready' && deleted.status !== 'failed') {
      // stop its render first, so no worker writes the package after it is deleted
      await this.flows.cancel(deleted, deleted.flowJobId, deleted.pagesTotal).catch((error: Error) => {
        this.logger.warn(`printable ${deleted.id}: its render could not be stopped (${error.message}); its jobs end on the deletion mark`);
      });
    }
    for (const key of printablePackageObjects(deleted.organizationId, deleted.contentKey, deleted.pagesTotal)) await this.artifacts.delete(key);
  }

  /** Records the printable, then finds its package stored or starts (or joins) its flow, under the package's lease. */
  private async insertAndSubmit(principal: Principal, manifest: PrintableManifest): Promise<PrintableEntity> {
    const row = newPrintableRow(manifest, principal);
    return this.onPackage(row, async () => {
      if (await this.packageStored(row)) {
        await this.store.insert({ ...row, status: 'ready', pagesDone: row.pagesTotal });
        return { ...row, status: 'ready' as const, pagesDone: row.pagesTotal };
      }
      await this.store.insert(row);
      return this.submitFlow(row, manifest);
    });
  }

  private async submitFlow(row: PrintableEntity, manifest: PrintableManifest): Promise<PrintableEntity> {
    try {
      const { jobId } = await this.flows.submit(flowBaseOf(row, manifest), row.pagesTotal);
      await this.store.advance(row.id, { flowJobId: jobId }, row.createdAt);
      return { ...row, flowJobId: jobId };
    } catch (error) {
      // nothing half-written: a printable that never reached the queue does not exist
      await this.store.deleteOwned(row.organizationId, row.id, now());
      throw error;
    }
  }

  private async waitForRender(row: PrintableEntity): Promise<PrintableEntity> {
    if (!row.flowJobId || row.status === 'ready') return row;
    return this.apply(row, await this.flows.wait(row.flowJobId, this.config.env.RENDER_WAIT_MS));
  }

  private async replay(principal: Principal, record: IdempotencyRecord, fingerprint: string) {
    if (record.fingerprint !== fingerprint) {
      throw new ApiProblem('idempotency-key-conflict', 'This Idempotency-Key was already used for another course, template or options.');
    }
    if (record.state === 'done' && record.result) {
      // the stored result, as for any completed key: a printable deleted since is shown deleted (no links), not created again
      const created = await this.store.findOwnedEvenDeleted(principal.organizationId, (record.result.body as { id: string }).id);
      if (created?.deletedAt) return this.view(created, true);
      return this.read(principal, (record.result.body as { id: string }).id);
    }
    throw new ApiProblem('printable-create-in-progress', 'A request with this Idempotency-Key is still creating the printable; resend it after Retry-After.', {
      headers: { 'Retry-After': '2' },
    });
  }

  private async owned(principal: Principal, printableId: string): Promise<PrintableEntity> {
    const row = /^prt_[0-9a-z]{1,40}$/.test(printableId) ? await this.store.findOwned(principal.organizationId, printableId) : null;
    if (!row) throw notFound(printableId);
    return row;
  }

  /** Brings an unsettled row up to date with its flow; a ready one whose package is gone renders again. */
  private async settle(row: PrintableEntity): Promise<PrintableEntity> {
    if (row.status === 'ready') return (await this.packageStored(row)) ? row : this.repair(row);
    if (row.status === 'failed' || !row.flowJobId) return row;
    return this.apply(row, await this.flows.state(row.flowJobId));
  }

  /**
   * A ready printable whose package is missing (lost from the store, or deleted by a race this
   * service no longer allows) is never served with dead links: it goes back in the queue.
   */
  private async repair(row: PrintableEntity): Promise<PrintableEntity> {
    return this.onPackage(row, async () => {
      const current = await this.store.findOwned(row.organizationId, row.id);
      if (!current || current.status !== 'ready') return current ?? row;
      if (await this.packageStored(current)) return current;
      this.logger.warn(`printable ${row.id}: ready without its package; rendering it again`);
      const { jobId } = await this.flows.submit(flowBaseOf(current, JSON.parse(current.manifest) as PrintableManifest), current.pagesTotal);
      const updatedAt = now();
      await this.store.reopen(current.id, jobId, updatedAt);
      return { ...current, status: 'queued' as const, pagesDone: 0, flowJobId: jobId, updatedAt };
    });
  }

  private packageStored(row: PrintableEntity): Promise<boolean> {
    return this.artifacts.head(printablePackageKeys(row.organizationId, row.contentKey).zip).then(Boolean);
  }

  private async onPackage<T>(row: Pick<PrintableEntity, 'organizationId' | 'contentKey'>, work: () => Promise<T>): Promise<T> {
    try {
      return await this.packages.withLease(row.organizationId, row.contentKey, PACKAGE_WAIT_MS, work);
    } catch (error) {
      if (!(error instanceof PrintableContentBusyError)) throw error;
      throw new ApiProblem('printable-package-busy', 'Another request is creating or deleting this printable content; retry after Retry-After.', {
        headers: { 'Retry-After': '2' },
      });
    }
  }

  private async apply(row: PrintableEntity, flow: PrintableFlowState): Promise<PrintableEntity> {
    let patch: Partial<PrintableEntity>;
    if (flow.state === 'done') patch = { status: 'ready', pagesDone: row.pagesTotal };
    else if (flow.state === 'failed') patch = { status: 'failed', error: JSON.stringify(failureOf(flow.reason)) };
    else if (flow.state === 'missing') {
      // the job outlived its retention: the stored package says how it ended
      const stored = await this.artifacts.head(printablePackageKeys(row.organizationId, row.contentKey).zip);
      patch = stored
        ? { status: 'ready', pagesDone: row.pagesTotal }
        : {
            status: 'failed',
            error: JSON.stringify({ code: 'printable-render-lost', detail: 'The render ended without a stored package; create the printable again.' }),
          };
    } else {
      const status = flow.started ? 'rendering' : 'queued';
      if (status === row.status && flow.pagesDone === row.pagesDone) return row;
      patch = { status, pagesDone: flow.pagesDone };
    }
    const updatedAt = now();
    await this.store.advance(row.id, patch, updatedAt);
    return { ...row, ...patch, updatedAt };
  }

  private async view(row: PrintableEntity, full: boolean) {
    const summary = {
      id: row.id,
      courseId: row.courseId,
      courseName: row.courseName,
      courseRevision: row.courseRevision,
      template: row.template,
      options: JSON.parse(row.options) as Record<string, unknown>,
      status: row.status,
      pages: { done: row.pagesDone, total: row.pagesTotal },
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      ...(row.error ? { error: JSON.parse(row.error) as { code: string; detail: string } } : {}),
      ...(row.deletedAt ? { deletedAt: row.deletedAt } : {}),
    };
    if (!full) return summary;
    return {
      ...summary,
      manifest: JSON.parse(row.manifest) as PrintableManifest,
      ...(row.status === 'ready' && !row.deletedAt ? { links: await this.links(row) } : {}),
    };
  }

  private async links(row: PrintableEntity) {
    const keys = printablePackageKeys(row.organizationId, row.contentKey);
    const sign = (key: string) => this.delivery.signedUrl(key, PRINTABLE_LINK_TTL_SECONDS);
    const [pdf, zip, manifest, ...pages] = await Promise.all([
      sign(keys.pdf),
      sign(keys.zip),
      sign(keys.manifest),
      ...Array.from({ length: row.pagesTotal }, (_, i) => sign(keys.pagePng(i))),
    ]);
    return { pdf: pdf.url, zip: zip.url, manifest: manifest.url, pages: pages.map((p) => p.url), expiresAt: zip.expiresAt.toISOString() };
  }

  private async idempotent<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof IdempotencyUnavailableError)) throw error;
      throw new ApiProblem('printable-idempotency-unavailable', 'The idempotency store is unavailable; retry with the same key after backoff.', {
        headers: { 'Retry-After': '5' },
      });
    }
  }
}

const notFound = (printableId: string) => new ApiProblem('printable-not-found', `No printable ${printableId.slice(0, 60)} in your organization.`);

/** Workers fail jobs with a JSON reason { code, detail } for known problems; anything else is ours. */
function failureOf(reason: string): { code: string; detail: string } {
  try {
    const parsed = JSON.parse(reason) as { code?: string; detail?: string };
    if (parsed.code && PRINTABLE_FAILURE_CODES.has(parsed.code)) return { code: parsed.code, detail: parsed.detail ?? 'The render failed.' };
  } catch {
    // not a structured reason
  }
  return { code: 'printable-render-failed', detail: 'The render failed on our side; create the printable again later.' };
}
