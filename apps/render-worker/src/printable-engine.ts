import type { Course } from '@caddie/catalog';
import {
  assemblePrintable,
  compilePrintable,
  parsePrintableRequest,
  renderPrintablePage,
  type PrintableManifest,
  type PrintablePackage,
  type RenderedPrintablePage,
} from '@caddie/printables';

/** What the printable jobs need of libs/printables; tests of the flow swap in a fast fake. */
export interface PrintableEngine {
  compile(course: Course, courseRevision: string, template: string, options: Record<string, unknown>): PrintableManifest;
  renderPage(course: Course, manifest: PrintableManifest, pageIndex: number): Promise<RenderedPrintablePage>;
  assemble(manifest: PrintableManifest, pages: RenderedPrintablePage[]): Promise<PrintablePackage>;
}

export const printablesLibraryEngine: PrintableEngine = {
  // The payload carries the normalized request; parsing it again is cheap and proves it still holds.
  compile: (course, courseRevision, template, options) => compilePrintable(course, courseRevision, parsePrintableRequest(template, options)),
  renderPage: renderPrintablePage,
  assemble: assemblePrintable,
};
