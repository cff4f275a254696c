import { readFileSync } from 'node:fs';
import { courseRevision, importOsm, type Course } from '@caddie/catalog';
import { describeWithSharedData, sharedDataPath } from '../../../../test/support/shared-data';
import { chooseGreenScale, greenOutline } from '../compile/green-framing';
import { compilePrintable } from '../compile/compile-printable';
import { pinCellFrame } from '../compile/scale-bounds';
import { parsePrintableRequest } from '../compile/printable-request';
import { RULE_43_MIN_SCALE_DENOMINATOR } from '../templates/page-sizes';
import { demoCourse } from '../testing/demo-course.fixture';
import { pdfToolsAvailable, pdfText } from '../testing/pdf-tools';
import { renderPrintablePage } from './render-printable-page';

const compile = (course: Course, template: string, options: Record<string, unknown> = {}) =>
  compilePrintable(course, courseRevision(course), parsePrintableRequest(template, options));
const withTools = pdfToolsAvailable() ? it : it.skip;

/** "N paces deep" of a pin sheet page against "N yd deep" of the yardage book's green page. */
async function depthsAgree(course: Course, holeNumber: number): Promise<{ pin: string; book: string }> {
  const sheet = compile(course, 'pin-sheet@2', { pageSize: 'pocket' });
  const book = compile(course, 'yardage-book@2');
  const pinPage = sheet.pages.findIndex((p) => p.holeNumbers?.includes(holeNumber));
  const greenPage = book.pages.findIndex((p) => p.kind === 'green' && p.holeNumber === holeNumber);
  const pin = /(\d+) paces deep/.exec(pdfText((await renderPrintablePage(course, sheet, pinPage, 72)).pdf))?.[1] ?? 'none';
  const bookDepth = /(\d+) yd deep/.exec(pdfText((await renderPrintablePage(course, book, greenPage, 72)).pdf))?.[1] ?? 'none';
  return { pin, book: bookDepth };
}

describe('pin sheets', () => {
  const { course } = demoCourse('demo-pine-hollow');

  it('draws each green of a pocket sheet on its own page at the largest scale Rule 4.3 allows for it', () => {
    const sheet = compile(course, 'pin-sheet@2', { pageSize: 'pocket' });
    expect(sheet.pages).toHaveLength(course.holes.length);
    const cell = pinCellFrame(4.25, 7);
    for (const page of sheet.pages) {
      const outline = greenOutline(
        course,
        course.holes.find((h) => h.number === page.holeNumbers![0])!,
      )!;
      expect(page.greenScaleDenominator).toBe(chooseGreenScale(outline, cell.width, cell.height, RULE_43_MIN_SCALE_DENOMINATOR));
    }
    expect(sheet.pages.filter((p) => p.greenScaleDenominator === RULE_43_MIN_SCALE_DENOMINATOR).length).toBeGreaterThan(course.holes.length / 2);
    expect(sheet.compliance.compliant).toBe(true);
  });

  it('marks the mapped pin only when asked for (pin-sheet@1 keeps printing it as published)', () => {
    const pinned = { ...course, holes: course.holes.map((h) => ({ ...h, pin: h.greenCenter })) };
    expect(compile(pinned, 'pin-sheet@2').pages.some((p) => p.holds.includes('mapped-pins'))).toBe(false);
    expect(compile(pinned, 'pin-sheet@2', { mappedPin: true }).pages.every((p) => p.holds.includes('mapped-pins'))).toBe(true);
    expect(compile(pinned, 'pin-sheet@1').pages.every((p) => p.holds.includes('mapped-pins'))).toBe(true);
  });

  withTools(
    "prints the depth the yardage book prints: along the approach, not the drawing's extent",
    async () => {
      for (const hole of [1, 11]) {
        const { pin, book } = await depthsAgree(course, hole);
        expect(pin).not.toBe('none');
        expect(pin).toBe(book);
      }
    },
    60_000,
  );

  withTools(
    'prints no pin unless asked for',
    async () => {
      const pinned = { ...course, holes: course.holes.map((h) => ({ ...h, pin: h.greenCenter })) };
      const off = compile(pinned, 'pin-sheet@2', { pageSize: 'pocket' });
      const on = compile(pinned, 'pin-sheet@2', { pageSize: 'pocket', mappedPin: true });
      expect(pdfText((await renderPrintablePage(pinned, off, 0, 72)).pdf)).not.toContain('mapped pin');
      expect(pdfText((await renderPrintablePage(pinned, on, 0, 72)).pdf)).toContain('mapped pin');
    },
    60_000,
  );
});

describeWithSharedData('Augusta National pin sheet (../shared/data/osm)')('pin sheet of a real course', () => {
  const course = importOsm([{ name: 'augusta_national_us.osm', content: readFileSync(sharedDataPath('osm', 'augusta_national_us.osm')) }]).courses[0];

  withTools(
    'hole 12: the shallow green is as many paces deep as the book says yards (it printed 26 paces against 10 yd)',
    async () => {
      const { pin, book } = await depthsAgree(course, 12);
      expect(pin).toBe(book);
      expect(Number(pin)).toBeLessThan(16);
    },
    60_000,
  );
});
