/**
 * The printable flow on the render queue: one `render.printable-page` child per page and one
 * `render.printable-assemble` parent that packages them. Pages travel between the jobs through
 * the artifact store, under the organization and content key of the printable.
 */
export interface PrintableJobBase {
  organizationId: string;
  /** sha256:… of printables version, course revision and normalized request (@caddie/printables printableContentKey) */
  contentKey: string;
  courseId: string;
  courseRevision: string;
  /** the normalized request (@caddie/printables PrintableRequest) */
  template: string;
  options: Record<string, unknown>;
}

export interface RenderPrintablePagePayload extends PrintableJobBase {
  pageIndex: number;
}

export interface RenderPrintablePageResult {
  pageIndex: number;
  worker: string;
}

export interface AssemblePrintablePayload extends PrintableJobBase {
  pageCount: number;
}

export interface AssemblePrintableResult {
  contentKey: string;
  pageCount: number;
  pdfBytes: number;
  zipBytes: number;
  worker: string;
}

/** Where one printable package lives. The ZIP is written last: its presence marks the package complete. */
export function printablePackageKeys(organizationId: string, contentKey: string) {
  const root = `printables/${organizationId}/${contentKey.replace(/^sha256:/, '')}`;
  const number = (index: number) => String(index + 1).padStart(3, '0');
  return {
    root,
    pdf: `${root}/printable.pdf`,
    manifest: `${root}/manifest.json`,
    zip: `${root}/printable.zip`,
    pagePng: (index: number) => `${root}/pages/page-${number(index)}.png`,
    /** one-page PDFs rendered by the children, read by the parent */
    pagePdf: (index: number) => `${root}/work/page-${number(index)}.pdf`,
  };
}

/** Every object a package of `pageCount` pages may have written (for deletion). */
export function printablePackageObjects(organizationId: string, contentKey: string, pageCount: number): string[] {
  const keys = printablePackageKeys(organizationId, contentKey);
  const pages = Array.from({ length: pageCount }, (_, i) => [keys.pagePng(i), keys.pagePdf(i)]).flat();
  // the ZIP first, so a half-deleted package never looks complete
  return [keys.zip, keys.pdf, keys.manifest, ...pages];
}

/** Printable flows coalesce per organization: two organizations never share a package. */
export const printableDeduplicationId = (organizationId: string, contentKey: string) => `printable:${organizationId}:${contentKey}`;

/**
 * Finished printable jobs are kept for a week, so a printable read days later still learns how its
 * render ended (the package in the store answers after that).
 */
export const PRINTABLE_JOB_RETENTION = {
  completedAgeSeconds: 7 * 24 * 60 * 60,
  failedAgeSeconds: 7 * 24 * 60 * 60,
} as const;

/**
 * The mark a deleted printable leaves for the render workers: while it exists they skip every job
 * of the organization's package with this content key and write nothing more (a job already
 * rendering checks again before and after it writes). It outlives any flow (retries included).
 */
export function printableDeletedKey(redisPrefix: string, organizationId: string, contentKey: string): string {
  return `${redisPrefix}:printables:deleted:${organizationId}:${contentKey}`;
}
export const PRINTABLE_DELETED_MARK_SECONDS = 24 * 60 * 60;

/** The failure of a job whose printable was deleted while it rendered. */
export const PRINTABLE_DELETED_CODE = 'printable-deleted';
/** The failed reason (a problem as JSON) of such a job, and of its flow. */
export const PRINTABLE_DELETED_REASON = JSON.stringify({ code: PRINTABLE_DELETED_CODE, detail: 'the printable was deleted while it rendered' });
