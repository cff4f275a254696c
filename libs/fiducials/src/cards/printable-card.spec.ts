import sharp from 'sharp';
import { generateDemoCourses, type Course } from '@caddie/catalog';
import { DESIGN_CATALOG, findCapture } from '../design-catalog';
import { detectMarkers } from '../marker-detector';
import { groupPages } from '../page-grouping';
import { readPageIdentity } from '../page-identity';
import type { PixelImage } from '../pixel-image';
import { courseCodeFor } from './course-code';
import { renderCardRaster, renderPrintableCard } from './printable-card';

jest.setTimeout(60_000);

let pine: Course;
beforeAll(() => {
  [pine] = generateDemoCourses();
});

async function decodePng(png: Buffer): Promise<PixelImage> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: info.channels as 1 | 3 | 4 };
}

function mediaBox(pdf: Buffer): number[] {
  const match = /\/MediaBox\s*\[\s*([-\d.\s]+)\]/.exec(pdf.toString('latin1'));
  if (!match) throw new Error('no MediaBox');
  return match[1].trim().split(/\s+/).map(Number);
}

/** Fraction of dark pixels inside a millimetre rectangle of a card raster. */
function ink(image: PixelImage, pxPerMm: number, r: { x: number; y: number; width: number; height: number }): number {
  let dark = 0;
  let total = 0;
  for (let y = Math.round(r.y * pxPerMm); y < Math.round((r.y + r.height) * pxPerMm); y++) {
    for (let x = Math.round(r.x * pxPerMm); x < Math.round((r.x + r.width) * pxPerMm); x++) {
      const i = (y * image.width + x) * image.channels;
      total++;
      if (image.data[i + 1] < 110) dark++;
    }
  }
  return dark / total;
}

describe('courseCodeFor', () => {
  it('derives a stable five-character code in the identity alphabet from the course id', () => {
    const code = courseCodeFor('demo-pine-hollow');
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(courseCodeFor('demo-pine-hollow')).toBe(code);
    expect(courseCodeFor('demo-cedar-links')).not.toBe(code);
  });
});

describe('renderPrintableCard', () => {
  it.each(DESIGN_CATALOG.map((d) => d.designCode))('prints %s single-page at its physical size with readable markers and label', async (designCode) => {
    const card = await renderPrintableCard(designCode, 'single-page', pine);
    const capture = findCapture(card.capture.captureId)!;
    expect(card.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Skia writes the MediaBox in whole points.
    const [x0, y0, x1, y1] = mediaBox(card.pdf);
    expect(x0).toBe(0);
    expect(y0).toBe(0);
    expect(Math.abs(x1 - (capture.widthMm * 72) / 25.4)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(y1 - (capture.heightMm * 72) / 25.4)).toBeLessThanOrEqual(0.5);

    expect(card.widthPx).toBe(Math.round((capture.widthMm * 300) / 25.4));
    expect(card.heightPx).toBe(Math.round((capture.heightMm * 300) / 25.4));
    const meta = await sharp(card.png).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([card.widthPx, card.heightPx, 300]);

    const image = await decodePng(card.png);
    const detection = await detectMarkers(image);
    expect(detection.markers.map((m) => m.id).sort((a, b) => a - b)).toEqual(capture.markers.map((m) => m.id).sort((a, b) => a - b));
    expect(detection.markers.every((m) => m.bitErrors === 0)).toBe(true);
    const grouping = groupPages(detection);
    expect(grouping.pages).toHaveLength(1);
    const { identity } = await readPageIdentity(image, grouping.pages[0], { allowNonProduction: true });
    expect(identity.designCode).toBe(designCode);
    expect(identity.courseToken).toBe(courseCodeFor(pine.id));
    expect(identity.text).toBe(card.label);
  });

  it.each(['horizontal-spread', 'vertical-spread'] as const)('prints the %s of a back-nine design with all six markers', async (topology) => {
    const card = await renderPrintableCard('M9H10GG', topology, pine, { dpi: 150 });
    const capture = findCapture(`M9H10GG/${topology}`)!;
    expect(card.widthPx).toBe(Math.round((capture.widthMm * 150) / 25.4));
    const detection = await detectMarkers(await decodePng(card.png));
    expect(detection.markers.map((m) => m.id).sort((a, b) => a - b)).toEqual(capture.markers.map((m) => m.id).sort((a, b) => a - b));
    expect(groupPages(detection).pages[0].capture.captureId).toBe(capture.captureId);
  });

  it('prints hole numbers, pars and handicaps into the hole cells and leaves score cells blank', async () => {
    const pxPerMm = 12;
    const capture = findCapture('M9H1/front-nine-page')!;
    const full = await renderCardRaster('M9H1', 'single-page', pine, pxPerMm);
    const blank = await renderCardRaster('M9H1', 'single-page', pine, pxPerMm, { blank: true });
    const mm = (b: { x1: number; y1: number; x2: number; y2: number }) => ({
      x: b.x1 * capture.widthMm + 0.4,
      y: b.y1 * capture.heightMm + 0.4,
      width: (b.x2 - b.x1) * capture.widthMm - 0.8,
      height: (b.y2 - b.y1) * capture.heightMm - 0.8,
    });
    for (const hole of capture.regions.holes) {
      const cell = mm(hole.cells.hole);
      expect(ink(blank, pxPerMm, cell)).toBe(0);
      expect(ink(full, pxPerMm, cell)).toBeGreaterThan(0.04);
      expect(ink(full, pxPerMm, mm(hole.cells.score))).toBe(0);
    }
  });

  it('prints the hole data of the course it is given', async () => {
    // Same card, two courses whose hole 1 differs: only the printed course data may differ.
    const capture = findCapture('M9H1/front-nine-page')!;
    const altered: Course = { ...pine, holes: pine.holes.map((h) => (h.number === 1 ? { ...h, par: h.par === 5 ? 3 : 5, handicap: 18 } : h)) };
    const a = await renderCardRaster('M9H1', 'single-page', pine, 8, { courseCode: 'AAAAA' });
    const b = await renderCardRaster('M9H1', 'single-page', altered, 8, { courseCode: 'AAAAA' });
    const differing = (r: { x1: number; y1: number; x2: number; y2: number }) => {
      let count = 0;
      for (let y = Math.floor(r.y1 * a.height); y < Math.ceil(r.y2 * a.height); y++) {
        for (let x = Math.floor(r.x1 * a.width); x < Math.ceil(r.x2 * a.width); x++) {
          const i = (y * a.width + x) * 4;
          if (a.data[i] !== b.data[i]) count++;
        }
      }
      return count;
    };
    expect(differing(capture.regions.holes[0].cells.hole)).toBeGreaterThan(20);
    expect(differing(capture.regions.holes[1].cells.hole)).toBe(0);
    expect(differing(capture.regions.totals)).toBeGreaterThan(0); // the par total changes too
  });

  it('prints the M18 supplemental areas and keeps every printed element clear of the markers', async () => {
    for (const captureId of ['M18F/front-nine-page', 'M18B/back-nine-page', 'M18F/vertical-spread', 'M9H10GG/horizontal-spread', 'M9H1/vertical-spread']) {
      const capture = findCapture(captureId)!;
      const { designCode, topology } = capture;
      const pxPerMm = 4;
      const full = await renderCardRaster(designCode, topology, pine, pxPerMm);
      const blank = await renderCardRaster(designCode, topology, pine, pxPerMm, { blank: true });
      for (const m of capture.markers) {
        const zone = { x: m.xMm - 1.75, y: m.yMm - 1.75, width: m.sizeMm + 3.5, height: m.sizeMm + 3.5 };
        expect(ink(full, pxPerMm, zone)).toBeCloseTo(ink(blank, pxPerMm, zone), 6);
      }
      for (const area of Object.values(capture.regions.supplemental)) {
        const r = area.area;
        const rect = {
          x: r.x1 * capture.widthMm,
          y: r.y1 * capture.heightMm,
          width: (r.x2 - r.x1) * capture.widthMm,
          height: (r.y2 - r.y1) * capture.heightMm,
        };
        expect(ink(full, pxPerMm, rect)).toBeGreaterThan(ink(blank, pxPerMm, rect));
      }
    }
    expect(Object.keys(findCapture('M18F/front-nine-page')!.regions.supplemental)).toEqual(['roundDetails']);
  });

  it('rejects a design outside the catalog with a typed error', async () => {
    await expect(renderPrintableCard('M7X', 'single-page', pine)).rejects.toMatchObject({ code: 'scorecard-design-unknown' });
  });
});
