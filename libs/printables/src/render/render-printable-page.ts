/** One page of a printable: what one child job of a printable's render flow does. */
import type { Course } from '@caddie/catalog';
import type { PrintableManifest } from '../compile/printable-manifest';
import { pt, type PageScene } from './page-context';
import { pageBoxes, paintPdfPage, paintPngPage } from './page-raster';
import { preparePage } from './prepare-page';
import { renderScorecardPage } from './scorecard-page';

export interface RenderedPrintablePage {
  index: number;
  /** one-page PDF: TrimBox at the page size, BleedBox 1/8 in outside it, crop marks when asked */
  pdf: Uint8Array;
  /** the trimmed page at manifest.page.dpi */
  png: Uint8Array;
}

export function pageTrimIn(manifest: PrintableManifest, index: number): { width: number; height: number } {
  const page = manifest.pages[index];
  return page.trimIn ?? { width: manifest.page.widthIn, height: manifest.page.heightIn };
}

export async function renderPrintablePage(
  course: Course,
  manifest: PrintableManifest,
  pageIndex: number,
  dpiOverride?: number,
): Promise<RenderedPrintablePage> {
  const page = manifest.pages[pageIndex];
  if (!page) throw new RangeError(`the printable has pages 0..${manifest.pages.length - 1}, not ${pageIndex}`);
  const dpi = dpiOverride ?? manifest.page.dpi;
  const trim = pageTrimIn(manifest, pageIndex);
  const boxes = pageBoxes(trim.width, trim.height, manifest.page.bleedIn > 0, manifest.options.cropMarks === true);
  if (page.kind === 'scorecard') return renderScorecardPage(course, manifest, pageIndex, boxes, dpi);
  const scene: PageScene = { course, manifest, page, width: pt(trim.width), height: pt(trim.height), bleed: boxes.bleed };
  const painter = await preparePage(scene, dpi);
  const pdf = await paintPdfPage(painter, boxes, `${manifest.courseName} · ${page.title}`);
  const png = await paintPngPage(painter, trim.width, trim.height, dpi);
  return { index: pageIndex, pdf, png };
}
