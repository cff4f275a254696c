import { readFileSync } from 'node:fs';
import { courseRevision, importOsm } from '@caddie/catalog';
import { describeWithSharedData, sharedDataPath } from '../../../../test/support/shared-data';
import { compilePrintable } from '../compile/compile-printable';
import { parsePrintableRequest } from '../compile/printable-request';
import { missingPdfTools, pdfText, qpdfCheck } from '../testing/pdf-tools';
import { holeYardages } from '../yardages/hole-yardages';
import { renderPrintablePage } from './render-printable-page';
import { required } from '../../../../test/support/requirements';

describeWithSharedData('a yardage book of a real OpenStreetMap course (Augusta National extract)')('OSM-derived yardage book', () => {
  const content = readFileSync(sharedDataPath('osm', 'augusta_national_us.osm'));
  const course = importOsm([{ name: 'augusta_national_us.osm', content }]).courses[0];
  const manifest = compilePrintable(course, courseRevision(course), parsePrintableRequest('yardage-book@1', {}));

  it('credits OpenStreetMap and reports the missing green elevation instead of drawing slopes', () => {
    expect(manifest.attribution).toEqual(['© OpenStreetMap contributors (ODbL)']);
    expect(manifest.compliance.compliant).toBe(true);
    const greens = manifest.pages.filter((p) => p.kind === 'green');
    expect(greens).toHaveLength(18);
    for (const page of greens) {
      expect(page.holds).not.toContain('slopes');
      expect(page.missing).toContain(`hole-${page.holeNumber}.green-elevation`);
    }
  });

  it('measures front, centre and back from the mapped green when the snapshot carries no measurement', () => {
    const hole = course.holes.find((h) => h.number === 1)!;
    const yardages = holeYardages(course, hole);
    expect(yardages.green).not.toBeNull();
    for (const layUp of yardages.layUps) expect(layUp.toGreen!.front).toBeLessThan(layUp.toGreen!.back);
  });

  const withTools = required(`the PDF tools (${missingPdfTools().join(', ')}: apt-get install qpdf poppler-utils)`, missingPdfTools().length === 0)
    ? it
    : it.skip;
  withTools(
    'prints the credit on the hole and green pages',
    async () => {
      for (const index of [2, 3]) {
        const page = await renderPrintablePage(course, manifest, index);
        qpdfCheck(page.pdf);
        expect(pdfText(page.pdf)).toContain('© OpenStreetMap contributors (ODbL)');
      }
    },
    60_000,
  );
});
