import { hostname } from 'node:os';
import { UnrecoverableError } from 'bullmq';
import { LRUCache } from 'lru-cache';
import type { ArtifactStore } from '@caddie/artifacts';
import type { Course } from '@caddie/catalog';
import {
  PRINTABLE_DELETED_REASON,
  printablePackageKeys,
  type AssemblePrintablePayload,
  type AssemblePrintableResult,
  type PrintableJobBase,
  type RenderPrintablePagePayload,
  type RenderPrintablePageResult,
} from '@caddie/jobs';
import type { CourseStore } from '@caddie/persistence';
import type { PrintableManifest, RenderedPrintablePage } from '@caddie/printables';
import type { PrintableEngine } from './printable-engine';

/** Failures that retrying cannot fix: the course lacks data, or the request breaks a rule. */
const isPermanent = (error: unknown): error is Error & { code: string } =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && /^Printable(DataMissing|RuleViolation|Request)Error$/.test(error.name);

const COURSE_CACHE_SIZE = 4;

/**
 * The two jobs of a printable flow. A page job renders one page and stores its PNG and its
 * one-page PDF (the PDF last: its presence marks the page done, so a retried job skips it).
 * The assemble job reads every page back, packages them and writes the PDF, the manifest and
 * finally the ZIP, whose presence marks the whole package complete.
 */
export class PrintableRenderHandler {
  readonly workerId = `${hostname()}:${process.pid}`;
  /** Parsed course snapshots by id and revision: the pages of one book all need the same one. */
  private readonly courses = new LRUCache<string, Course>({ max: COURSE_CACHE_SIZE });

  constructor(
    private readonly catalog: CourseStore,
    private readonly store: ArtifactStore,
    private readonly engine: PrintableEngine,
    /** whether the printable was deleted (its jobs then end without writing anything) */
    private readonly deleted: (base: PrintableJobBase) => Promise<boolean> = async () => false,
  ) {}

  async renderPage(payload: RenderPrintablePagePayload): Promise<RenderPrintablePageResult> {
    const keys = printablePackageKeys(payload.organizationId, payload.contentKey);
    const result = { pageIndex: payload.pageIndex, worker: this.workerId };
    await this.stopIfDeleted(payload);
    if ((await this.store.head(keys.zip)) || (await this.store.head(keys.pagePdf(payload.pageIndex)))) return result;
    const { course, manifest } = await this.compiled(payload);
    if (payload.pageIndex >= manifest.pages.length) {
      throw new UnrecoverableError(JSON.stringify({ code: 'printable-render-failed', detail: `the printable has no page ${payload.pageIndex + 1}` }));
    }
    const page = await this.permanentIfKnown(async () => {
      try {
        return await this.engine.renderPage(course, manifest, payload.pageIndex);
      } catch (error) {
        // the page asked the renderer for a graphic it refuses: the same request fails on every attempt
        if (error instanceof Error && error.name === 'GraphicsRequestError') {
          throw new UnrecoverableError(
            JSON.stringify({ code: 'printable-render-failed', detail: `page ${payload.pageIndex + 1} cannot be drawn with these options` }),
          );
        }
        throw error;
      }
    });
    await this.stopIfDeleted(payload);
    await this.store.put(keys.pagePng(payload.pageIndex), Buffer.from(page.png), 'image/png');
    await this.store.put(keys.pagePdf(payload.pageIndex), Buffer.from(page.pdf), 'application/pdf');
    // deleted while it wrote: take back what it wrote
    await this.stopIfDeleted(payload, [keys.pagePng(payload.pageIndex), keys.pagePdf(payload.pageIndex)]);
    return result;
  }

  async assemble(payload: AssemblePrintablePayload): Promise<AssemblePrintableResult> {
    const keys = printablePackageKeys(payload.organizationId, payload.contentKey);
    await this.stopIfDeleted(payload);
    const stored = await this.store.head(keys.zip);
    if (stored) return this.assembled(payload, Number(stored.metadata.pdfBytes ?? 0), stored.size);
    const { manifest } = await this.compiled(payload);
    const pages: RenderedPrintablePage[] = [];
    for (let index = 0; index < payload.pageCount; index++) {
      const [pdf, png] = await Promise.all([this.store.get(keys.pagePdf(index)), this.store.get(keys.pagePng(index))]);
      // A page missing here was lost from the store after its job finished: a retry cannot bring it back.
      if (!pdf || !png)
        throw new UnrecoverableError(JSON.stringify({ code: 'printable-render-failed', detail: `page ${index + 1} is missing from the store` }));
      pages.push({ index, pdf: pdf.body, png: png.body });
    }
    const bundle = await this.engine.assemble(manifest, pages);
    await this.stopIfDeleted(payload);
    await this.store.put(keys.pdf, Buffer.from(bundle.pdf), 'application/pdf');
    await this.store.put(keys.manifest, Buffer.from(bundle.manifestJson), 'application/json');
    await this.store.put(keys.zip, Buffer.from(bundle.zip), 'application/zip', { pdfBytes: String(bundle.pdf.length), pages: String(payload.pageCount) });
    // The one-page PDFs were only the hand-over between jobs.
    await Promise.all(pages.map((page) => this.store.delete(keys.pagePdf(page.index)).catch(() => undefined)));
    await this.stopIfDeleted(payload, [keys.zip, keys.pdf, keys.manifest, ...pages.map((page) => keys.pagePng(page.index))]);
    return this.assembled(payload, bundle.pdf.length, bundle.zip.length);
  }

  /** Ends the job (no retry) when its printable was deleted, first removing what it had written. */
  private async stopIfDeleted(payload: PrintableJobBase, written: string[] = []): Promise<void> {
    if (!(await this.deleted(payload))) return;
    for (const key of written) await this.store.delete(key).catch(() => undefined);
    throw new UnrecoverableError(PRINTABLE_DELETED_REASON);
  }

  private assembled(payload: AssemblePrintablePayload, pdfBytes: number, zipBytes: number): AssemblePrintableResult {
    return { contentKey: payload.contentKey, pageCount: payload.pageCount, pdfBytes, zipBytes, worker: this.workerId };
  }

  /** The course at the payload's revision and the manifest compiled from it. */
  private async compiled(payload: PrintableJobBase): Promise<{ course: Course; manifest: PrintableManifest }> {
    const cacheKey = `${payload.courseId}@${payload.courseRevision}`;
    let course = this.courses.get(cacheKey);
    if (!course) {
      const doc = await this.catalog.document(payload.courseId);
      if (!doc) throw new UnrecoverableError(JSON.stringify({ code: 'course-not-found', detail: `course ${payload.courseId} is gone` }));
      if (doc.revision !== payload.courseRevision) {
        throw new UnrecoverableError(
          JSON.stringify({ code: 'printable-course-changed', detail: 'the course changed since the printable was requested; create it again' }),
        );
      }
      course = doc.course;
      this.courses.set(cacheKey, course);
    }
    const manifest = await this.permanentIfKnown(async () => this.engine.compile(course, payload.courseRevision, payload.template, payload.options));
    return { course, manifest };
  }

  private async permanentIfKnown<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isPermanent(error)) throw new UnrecoverableError(JSON.stringify({ code: error.code, detail: error.message }));
      throw error;
    }
  }
}
