import { compilePrintable } from '../compile/compile-printable';
import { parsePrintableRequest } from '../compile/printable-request';
import { renderPrintablePage } from '../render/render-printable-page';
import { demoCourse } from '../testing/demo-course.fixture';
import { pdfToolsAvailable, pdfText } from '../testing/pdf-tools';
import { holeYardages } from './hole-yardages';
import { teeSetName } from './tee-set-names';

const withTools = pdfToolsAvailable() ? it : it.skip;

describe('tee set names on the page', () => {
  const { course, revision } = demoCourse('demo-pine-hollow');

  it('prints the course data’s names, and golfer wording where the source named none', () => {
    for (const set of course.teeSets) expect(teeSetName(course, set)).toBe(set.name);
    // what the importer makes when the source has no tee sets (Augusta National's extract)
    const single = {
      ...course,
      teeSets: [{ id: 'default', name: 'Default', color: null }],
      holes: course.holes.map((h) => ({ ...h, tees: h.tees.slice(0, 1).map((t) => ({ ...t, teeSetId: 'default' })) })),
    };
    expect(teeSetName(single, single.teeSets[0])).toBe('Tees');
    expect(holeYardages(single, single.holes[0]).tees.map((t) => t.name)).toEqual(['Tees']);
    // three sets named only by their ids: by total length
    const unnamed = { ...course, teeSets: course.teeSets.slice(0, 3).map((s) => ({ ...s, name: s.id })) };
    const lengths = unnamed.teeSets.map((s) => course.holes.reduce((sum, h) => sum + (h.tees.find((t) => t.teeSetId === s.id)?.yards ?? 0), 0));
    const order = [...lengths].sort((a, b) => b - a);
    expect(unnamed.teeSets.map((s) => teeSetName(unnamed, s))).toEqual(lengths.map((l) => ['Back tees', 'Middle tees', 'Forward tees'][order.indexOf(l)]));
  });

  withTools(
    'keeps the cover free of page number and technical line; the imprint is on the last page',
    async () => {
      const manifest = compilePrintable(course, revision, parsePrintableRequest('yardage-book@2', {}));
      const cover = pdfText((await renderPrintablePage(course, manifest, 0, 72)).pdf);
      expect(cover).not.toContain('yardage-book@');
      expect(cover.split(/\s+/)).not.toContain('1');
      const last = pdfText((await renderPrintablePage(course, manifest, manifest.pages.length - 1, 72)).pdf);
      expect(last).toContain(`Imprint: yardage-book@2 · course revision ${revision.slice(7, 19)}`);
    },
    60_000,
  );
});
