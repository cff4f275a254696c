import type { Course } from '@caddie/catalog';
import type { PrintableManifest } from '../compile/printable-manifest';
import { renderPrintablePage } from '../render/render-printable-page';

/** Preview resolution: a 4.25 x 7 in page is 255 x 420 px. */
export const PREVIEW_DPI = 60;

/** Small PNGs of the first pages, for the compile answer. */
export async function previewPrintable(course: Course, manifest: PrintableManifest, maxPages: number): Promise<{ index: number; png: Uint8Array }[]> {
  const count = Math.max(0, Math.min(maxPages, manifest.pages.length));
  const previews: { index: number; png: Uint8Array }[] = [];
  for (let index = 0; index < count; index++) {
    const trim = manifest.pages[index].trimIn ?? { width: manifest.page.widthIn, height: manifest.page.heightIn };
    // posters preview at the size of a book page, not at 60 dpi of 36 in
    const dpi = Math.max(8, Math.min(PREVIEW_DPI, Math.round(420 / Math.max(trim.width, trim.height))));
    const page = await renderPrintablePage(course, manifest, index, dpi);
    previews.push({ index, png: page.png });
  }
  return previews;
}
