/** What the version 2 templates print differently: book greens with a Rule 4.3 margin, wall prints without play furniture. */
import { compilePrintable } from '../compile/compile-printable';
import { parsePrintableRequest } from '../compile/printable-request';
import { demoCourse } from '../testing/demo-course.fixture';
import { pdfToolsAvailable, pdfText } from '../testing/pdf-tools';
import { renderPrintablePage } from './render-printable-page';

const withTools = pdfToolsAvailable() ? it : it.skip;

describe('book greens with a margin over Rule 4.3', () => {
  const { course, revision } = demoCourse('demo-pine-hollow');
  const compile = (template: string, options: Record<string, unknown> = {}) => compilePrintable(course, revision, parsePrintableRequest(template, options));

  it('yardage-book@2 and green-book@2 draw greens at 1:500 or smaller by default, down to 1:480 when asked', () => {
    for (const template of ['yardage-book@2', 'green-book@2']) {
      const greens = compile(template).pages.filter((p) => p.kind === 'green');
      expect(greens.length).toBe(course.holes.length);
      expect(Math.min(...greens.map((p) => p.greenScaleDenominator!))).toBe(500);
      const atLimit = compile(template, { greenScale: 480 }).pages.filter((p) => p.kind === 'green');
      expect(Math.min(...atLimit.map((p) => p.greenScaleDenominator!))).toBe(480);
    }
    // the published version keeps its declared default
    expect(
      Math.min(
        ...compile('yardage-book@1')
          .pages.filter((p) => p.kind === 'green')
          .map((p) => p.greenScaleDenominator!),
      ),
    ).toBe(480);
  });

  withTools(
    'says on the green page how much printer growth the scale leaves',
    async () => {
      const book = compile('green-book@2');
      const at500 = book.pages.findIndex((p) => p.greenScaleDenominator === 500);
      expect(pdfText((await renderPrintablePage(course, book, at500, 72)).pdf).replace(/\s+/g, ' ')).toContain(
        'at 1:500 a print up to 4.1% larger still conforms',
      );
      const limit = compile('green-book@2', { greenScale: 480 });
      const at480 = limit.pages.findIndex((p) => p.greenScaleDenominator === 480);
      expect(pdfText((await renderPrintablePage(course, limit, at480, 72)).pdf).replace(/\s+/g, ' ')).toContain('Drawn at the Rule 4.3 limit 1:480');
    },
    60_000,
  );
});

describe('display products without play furniture', () => {
  const { course, revision } = demoCourse('demo-pine-hollow');
  const sheetText = async (template: string, options: Record<string, unknown>) => {
    const manifest = compilePrintable(course, revision, parsePrintableRequest(template, { hole: 7, ...options }));
    return pdfText((await renderPrintablePage(course, manifest, 0, 72)).pdf);
  };

  withTools(
    'hole-sheet@2 prints no "not for use during a round" line and no page number unless asked; @1 as published',
    async () => {
      const wall = await sheetText('hole-sheet@2', {});
      expect(wall).not.toContain('not for use during a round');
      expect(wall.split(/\s+/)).not.toContain('1');
      const asked = await sheetText('hole-sheet@2', { playFurniture: true });
      expect(asked).toContain('not for use during a round');
      expect(asked.split(/\s+/)).toContain('1');
      expect(await sheetText('hole-sheet@1', {})).toContain('not for use during a round');
    },
    60_000,
  );
});
