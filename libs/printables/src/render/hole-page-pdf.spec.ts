/**
 * Hole pages of a pocket yardage book, measured from their PDFs as a print shop would: poppler's
 * word boxes for the type (size from the box height, overlaps, nothing under the frames) and
 * poppler's raster for how much of the page the hole fills.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importOsm, courseRevision, type Course } from '@caddie/catalog';
import { describeWithSharedData, sharedDataPath } from '../../../../test/support/shared-data';
import { compilePrintable } from '../compile/compile-printable';
import { holePageFrames } from '../compile/page-layout';
import { parsePrintableRequest } from '../compile/printable-request';
import type { PrintableManifest } from '../compile/printable-manifest';
import { demoCourse } from '../testing/demo-course.fixture';
import { describeWithPdfTools, pdfInfo, rasterizeTrim } from '../testing/pdf-tools';
import { renderPrintablePage } from './render-printable-page';

/** DejaVu's ascent + descent: poppler's word box is this many times the type size */
const BOX_PER_POINT = 1.164;
const WIDTH_IN = 4.25;
const HEIGHT_IN = 7;

interface Word {
  text: string;
  /** points from the trim's top-left corner */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  size: number;
}

function words(pdf: Uint8Array): Word[] {
  const dir = mkdtempSync(join(tmpdir(), 'hole-page-'));
  try {
    writeFileSync(join(dir, 'p.pdf'), pdf);
    const xml = execFileSync('pdftotext', ['-bbox-layout', join(dir, 'p.pdf'), '-'], { encoding: 'utf8' });
    const info = pdfInfo(pdf);
    const dx = info.trimBox[0] - info.mediaBox[0];
    const dy = info.mediaBox[3] - info.trimBox[3];
    return [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => {
      const [x0, y0, x1, y1] = m.slice(1, 5).map(Number);
      return { text: m[5], x0: x0 - dx, y0: y0 - dy, x1: x1 - dx, y1: y1 - dy, size: (y1 - y0) / BOX_PER_POINT };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Word pairs whose boxes overlap by more than a hair. */
function overlaps(list: Word[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) {
      const [a, b] = [list[i], list[j]];
      const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (w > 0.3 && h > 0.3) found.push(`"${a.text}" over "${b.text}"`);
    }
  return found;
}

/** Rows (points from the trim top) between the first and last that hold turf inside the art frame. */
async function turfExtent(pdf: Uint8Array, frame: { x: number; y: number; width: number; height: number }): Promise<number> {
  const dpi = 40;
  const raster = await rasterizeTrim(pdf, dpi);
  const k = dpi;
  let top = Infinity;
  let bottom = -Infinity;
  for (let y = Math.ceil(frame.y * k); y < Math.floor((frame.y + frame.height) * k); y++) {
    for (let x = Math.ceil(frame.x * k); x < Math.floor((frame.x + frame.width) * k); x++) {
      const i = (y * raster.width + x) * 3;
      const [r, g, b] = [raster.data[i], raster.data[i + 1], raster.data[i + 2]];
      // turf: clearly green (paper, grid lines, sand and water are not)
      if (g > r + 12 && g > b + 25) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        break;
      }
    }
  }
  return bottom < top ? 0 : ((bottom - top + 1) / k) * 72;
}

interface PageFinding {
  page: string;
  smallNumbers: string[];
  overlapping: string[];
  belowFrames: string[];
  fillOfFrame: number;
  fillOfPage: number;
}

async function measureHolePages(course: Course, revision: string, holes?: number[]): Promise<PageFinding[]> {
  const manifest: PrintableManifest = compilePrintable(course, revision, parsePrintableRequest('yardage-book@3', {}));
  expect([manifest.page.widthIn, manifest.page.heightIn]).toEqual([WIDTH_IN, HEIGHT_IN]);
  const frames = holePageFrames(WIDTH_IN, HEIGHT_IN, true);
  const tableBottom = (frames.table.y + frames.table.height) * 72;
  const footerTop = frames.footer.y * 72;
  const findings: PageFinding[] = [];
  for (const [index, page] of manifest.pages.entries()) {
    if (page.kind !== 'hole' || (holes && !holes.includes(page.holeNumber as number))) continue;
    // vector type and frames do not depend on the dpi; 100 keeps the run short
    const { pdf } = await renderPrintablePage(course, manifest, index, 100);
    const list = words(pdf);
    const footerWords = new Set(`${index + 1} ${manifest.attribution.join(' · ')}`.split(/\s+/));
    const extent = await turfExtent(pdf, frames.art);
    findings.push({
      page: `${course.name} hole ${page.holeNumber}`,
      smallNumbers: list.filter((w) => /\d/.test(w.text) && w.size < 6.95).map((w) => `${w.text} at ${w.size.toFixed(1)} pt`),
      overlapping: overlaps(list),
      // type under the table frame is footer type on the footer line, nothing else
      belowFrames: list.filter((w) => w.y1 > tableBottom + 0.5 && !(footerWords.has(w.text) && w.y0 >= footerTop - 1)).map((w) => w.text),
      fillOfFrame: Math.round((100 * extent) / (frames.art.height * 72)),
      fillOfPage: Math.round((100 * extent) / (HEIGHT_IN * 72)),
    });
  }
  return findings;
}

function expectReadable(findings: PageFinding[]): void {
  expect(findings.length).toBeGreaterThan(0);
  for (const f of findings) {
    // the hole fills the art frame's height and more than half the page
    expect({
      page: f.page,
      smallNumbers: f.smallNumbers,
      overlapping: f.overlapping,
      belowFrames: f.belowFrames,
      filled: f.fillOfFrame >= 80 && f.fillOfPage >= 60,
    }).toEqual({
      page: f.page,
      smallNumbers: [],
      overlapping: [],
      belowFrames: [],
      filled: true,
    });
  }
}

describeWithPdfTools('pocket yardage book hole pages, measured from the PDF', () => {
  it.each(['demo-pine-hollow', 'demo-cedar-links'] as const)(
    '%s: numbers of 7 pt or more, no overlapping labels, nothing under the frames, the hole fills the page',
    async (id) => {
      const { course, revision } = demoCourse(id);
      expectReadable(await measureHolePages(course, revision));
    },
    240_000,
  );

  it('the cover carries no page number or imprint; the back cover the legend, course facts, attribution and imprint', async () => {
    const { course, revision } = demoCourse('demo-pine-hollow');
    const manifest = compilePrintable(course, revision, parsePrintableRequest('yardage-book@3', {}));
    const last = manifest.pages.length - 1;
    expect(manifest.pages[last].kind).toBe('back-cover');
    const cover = words((await renderPrintablePage(course, manifest, 0, 72)).pdf).map((w) => w.text);
    expect(cover).not.toContain('1');
    expect(cover.join(' ')).not.toMatch(/Imprint|yardage-book@|revision/);
    const back = words((await renderPrintablePage(course, manifest, last, 72)).pdf);
    const backText = back.map((w) => w.text).join(' ');
    expect(backText).toContain('Reading the hole pages');
    expect(backText).toContain(`${course.holes.length} holes · par 72`);
    expect(backText).toContain(manifest.attribution[0]);
    expect(backText).toContain(`Imprint: yardage-book@3 · course revision ${revision.slice(7, 19)}`);
    // no page number on the back cover: no word at the footer's right end
    expect(back.filter((w) => /^\d+$/.test(w.text) && w.x1 > (WIDTH_IN - 0.3) * 72 && w.y0 > (HEIGHT_IN - 0.5) * 72)).toEqual([]);
    expect(overlaps(back)).toEqual([]);
  }, 120_000);

  describeWithSharedData('Augusta National (../shared/data/osm/augusta_national_us.osm)')('a real course', () => {
    it('holes 11, 12 and 13 read the same way', async () => {
      const course = importOsm([{ name: 'augusta_national_us.osm', content: readFileSync(sharedDataPath('osm', 'augusta_national_us.osm')) }]).courses[0];
      expectReadable(await measureHolePages(course, courseRevision(course), [11, 12, 13]));
    }, 240_000);
  });
});
