import type { Course } from '@caddie/catalog';
import { compilePrintable } from './compile-printable';
import { parsePrintableRequest } from './printable-request';
import { PrintableDataMissingError, PrintableRuleViolationError } from './printable-errors';
import { printableContentKey } from './content-key';
import { demoCourse } from '../testing/demo-course.fixture';
import { chooseGreenScale, greenOutline, GREEN_MARGIN_METERS, METERS_PER_INCH } from './green-framing';

const compile = (course: Course, revision: string, template: string, options: Record<string, unknown> = {}) =>
  compilePrintable(course, revision, parsePrintableRequest(template, options));

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('compilePrintable', () => {
  const { course, revision } = demoCourse('demo-pine-hollow');

  it('plans a yardage book: cover, overview, a hole and a green page per hole, notes', () => {
    const manifest = compile(course, revision, 'yardage-book@1');
    expect(manifest.pages.map((p) => p.kind).slice(0, 4)).toEqual(['cover', 'course-overview', 'hole', 'green']);
    expect(manifest.pages.filter((p) => p.kind === 'hole').map((p) => p.holeNumber)).toEqual(course.holes.map((h) => h.number));
    expect(manifest.pages.filter((p) => p.kind === 'green')).toHaveLength(18);
    expect(manifest.pages.filter((p) => p.kind === 'notes')).toHaveLength(2);
    expect(manifest.pages.map((p) => p.index)).toEqual(manifest.pages.map((_, i) => i));
    expect(manifest.page).toEqual({ size: 'pocket', widthIn: 4.25, heightIn: 7, bleedIn: 0.125, dpi: 300 });
    expect(manifest).toMatchObject({ template: 'yardage-book@1', courseId: 'demo-pine-hollow', courseRevision: revision, rules: 'rule-4.3' });
    // demo geometry is not OpenStreetMap's: no OSM credit, the demo source's own line instead
    expect(manifest.attribution.join(' ')).not.toMatch(/OpenStreetMap/);
  });

  it('reports Rule 4.3 per page: every green at 1:480 or smaller, the pocket page within 4 1/4 x 7 in', () => {
    const manifest = compile(course, revision, 'yardage-book@1');
    expect(manifest.compliance.compliant).toBe(true);
    expect(manifest.compliance.pages).toHaveLength(manifest.pages.length);
    const greens = manifest.pages.filter((p) => p.kind === 'green');
    for (const page of greens) {
      expect(page.greenScaleDenominator).toBeGreaterThanOrEqual(480);
      expect(page.rule43).toEqual({ greenScale: `1:${page.greenScaleDenominator}`, compliant: true, reasons: [] });
    }
    expect(manifest.compliance.pages[0]).toMatchObject({ index: 0, pageSize: '4.25 x 7 in', compliant: true });
    // hole artwork shows the green far smaller than 1:480
    expect(manifest.pages.find((p) => p.kind === 'hole')!.greenScaleDenominator).toBeGreaterThan(1500);
  });

  it('refuses a book that breaks Rule 4.3 in rule-4.3 mode, and prints it with rules "none" marked non-compliant', () => {
    const error = thrown(() => compile(course, revision, 'yardage-book@1', { greenScale: 240 }));
    expect(error).toBeInstanceOf(PrintableRuleViolationError);
    expect((error as PrintableRuleViolationError).code).toBe('printable-rule-4.3-violation');
    expect(error.message).toMatch(/1:240/);
    const practice = compile(course, revision, 'yardage-book@1', { greenScale: 360, rules: 'none' });
    expect(practice.rules).toBe('none');
    expect(practice.compliance.compliant).toBe(false);
    // greens that fit their frame at 1:360 are drawn there (larger ones fall back to a smaller scale)
    const green = practice.pages.filter((p) => p.kind === 'green').sort((a, b) => a.greenScaleDenominator! - b.greenScaleDenominator!)[0];
    expect(green.greenScaleDenominator).toBe(360);
    expect(green.rule43).toMatchObject({ greenScale: `1:${green.greenScaleDenominator}`, compliant: false });
    expect(thrown(() => compile(course, revision, 'hole-sheet@1', { rules: 'rule-4.3' }))).toBeInstanceOf(PrintableRuleViolationError);
    expect(compile(course, revision, 'hole-sheet@1').compliance.pages[0].reasons[0]).toMatch(/larger than 4.25 x 7 in/);
  });

  it('exempts a hole-location sheet of 9 or more holes from the size limit, not one of fewer', () => {
    const letter = compile(course, revision, 'pin-sheet@1');
    expect(letter.pages.map((p) => p.holeNumbers)).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
      [10, 11, 12, 13, 14, 15, 16, 17, 18],
    ]);
    expect(letter.compliance.compliant).toBe(true);
    const seven = { ...course, holes: course.holes.slice(0, 7) };
    const error = thrown(() => compile(seven, revision, 'pin-sheet@1'));
    expect(error).toBeInstanceOf(PrintableRuleViolationError);
    expect(compile(seven, revision, 'pin-sheet@1', { pageSize: 'pocket' }).compliance.compliant).toBe(true);
  });

  it('lists what a course lacks on the page that needs it, never inventing it', () => {
    const hole3 = course.holes.find((h) => h.number === 3)!;
    const lacking: Course = {
      ...course,
      holes: course.holes.map((h) => (h.number === 3 ? { ...h, par: null, greenFeatureId: null } : h)),
      elevation: { ...course.elevation, greens: {} },
    };
    const manifest = compile(lacking, revision, 'yardage-book@1');
    const holePage = manifest.pages.find((p) => p.kind === 'hole' && p.holeNumber === 3)!;
    expect(holePage.missing).toEqual(expect.arrayContaining(['hole-3.par', 'hole-3.green']));
    expect(holePage.holds).not.toContain('par');
    const greenPage = manifest.pages.find((p) => p.kind === 'green' && p.holeNumber === 3)!;
    expect(greenPage).toMatchObject({ holds: [], missing: ['hole-3.green'] });
    expect(greenPage.greenScaleDenominator).toBeUndefined();
    // without measured elevation no page claims slopes
    expect(manifest.pages.some((p) => p.holds.includes('slopes'))).toBe(false);
    expect(manifest.missingData).toEqual(expect.arrayContaining(['hole-3.par', 'hole-3.green', 'hole-1.green-elevation']));
    expect(hole3.par).not.toBeNull();
  });

  it('answers with a data-missing error where the template cannot print without the data', () => {
    const noGreens: Course = { ...course, holes: course.holes.map((h) => ({ ...h, greenFeatureId: null })) };
    expect(thrown(() => compile(noGreens, revision, 'green-book@1'))).toMatchObject({ code: 'printable-greens-missing' });
    expect(thrown(() => compile(noGreens, revision, 'pin-sheet@1'))).toMatchObject({ code: 'printable-greens-missing' });
    expect(thrown(() => compile(course, revision, 'hole-sheet@1', { hole: 30 }))).toMatchObject({ code: 'printable-hole-missing' });
    expect(thrown(() => compile({ ...course, holes: [] }, revision, 'yardage-book@1'))).toBeInstanceOf(PrintableDataMissingError);
    expect(thrown(() => compile({ ...course, features: [] }, revision, 'course-poster@1'))).toMatchObject({ code: 'printable-geometry-missing' });
  });

  it('prints scorecards of every production design, each page at its card size; a 9-hole course leaves out the back nine', () => {
    const cards = compile(course, revision, 'scorecard@1');
    expect(cards.pages.map((p) => p.design)).toEqual(['M18F', 'M18B', 'M9H1']);
    for (const page of cards.pages) expect(page.trimIn!.width).toBeGreaterThan(3);
    const cedar = demoCourse('demo-cedar-links');
    const nine = compile(cedar.course, cedar.revision, 'scorecard@1');
    expect(nine.pages.map((p) => p.design)).toEqual(['M18F', 'M9H1']);
    expect(nine.warnings.join(' ')).toMatch(/M18B/);
    expect(thrown(() => compile(cedar.course, cedar.revision, 'scorecard@1', { design: 'M18B' }))).toMatchObject({ code: 'printable-holes-missing' });
  });

  it('gives identical requests one content key and changes it with the options or the revision', () => {
    const a = compile(course, revision, 'yardage-book@1');
    const b = compile(course, revision, 'yardage-book@1', { pageSize: 'pocket', rules: 'rule-4.3' });
    expect(printableContentKey(a)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(printableContentKey(a)).toBe(printableContentKey(b));
    expect(printableContentKey(compile(course, revision, 'yardage-book@1', { pageSize: 'a6' }))).not.toBe(printableContentKey(a));
    expect(printableContentKey(compile(course, 'sha256:other', 'yardage-book@1'))).not.toBe(printableContentKey(a));
  });
});

describe('chooseGreenScale', () => {
  const { course } = demoCourse('demo-pine-hollow');
  const outline = greenOutline(course, course.holes[0])!;

  it('keeps the largest scale allowed when the green fits, and steps down the standard scales when it does not', () => {
    expect(chooseGreenScale(outline, 3.8, 3.8, 480)).toBe(480);
    const halfHeight = Math.max(outline.extent.top, outline.extent.bottom) + GREEN_MARGIN_METERS;
    // a frame just too short for 1:480 takes the next standard scale, 1:600
    const tooShortIn = ((2 * halfHeight) / (METERS_PER_INCH * 480)) * 0.98;
    expect(chooseGreenScale(outline, 3.8, tooShortIn, 480)).toBe(600);
    expect(chooseGreenScale(outline, 0.05, 0.05, 480)).toBeNull();
  });
});
