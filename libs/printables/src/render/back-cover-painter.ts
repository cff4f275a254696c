/**
 * The back cover of a book: how to read the numbers on the hole pages (a legend drawn with the
 * same marks), the course's facts, where the data comes from and the imprint that identifies the
 * edition (template and course revision). It carries no page number.
 */
import { bookPageFrames } from '../compile/page-layout';
import { courseTotals, paintTeeSetRow, wrapText } from './book-pages-painter';
import { pt, type PageContext, type PagePainter, type PageScene } from './page-context';
import { BAND, INK, MUTED_INK, paintPaper, text } from './page-furniture';
import { rule } from './yardage-table-painter';

export function prepareBackCoverPage(scene: PageScene): PagePainter {
  const course = scene.course;
  const totals = courseTotals(course);
  const frames = bookPageFrames(scene.width / 72, scene.height / 72, 0);
  const left = pt(frames.header.x);
  const width = pt(frames.header.width);
  const right = left + width;
  const location = [course.location.city, course.location.region, course.location.country].filter(Boolean).join(', ');
  return (ctx) => {
    paintPaper(ctx, scene);
    let y = pt(frames.header.y) + 14;
    const heading = (value: string) => {
      text(ctx, value, left, y, 10, { weight: 'bold', color: BAND });
      y += 6;
      rule(ctx, left, right, y);
      y += 13;
    };
    const paragraph = (value: string, size = 8, color = INK) => {
      for (const line of wrapText(ctx, value, 0, 0, width, size)) {
        text(ctx, line, left, y, size, { color });
        y += size * 1.35;
      }
    };

    heading('Reading the hole pages');
    legendRow(
      ctx,
      left,
      y,
      ['232 205', '264 237'],
      1,
      'Beside a hazard: to reach it (top) and to carry it (bold) from each tee set, in the order the page lists the tees.',
      width,
    );
    y += 30;
    legendRow(ctx, left, y, ['150', '136-170'], 0, 'An arc across the play line: 150 to the centre of the green; under it, to its front and back.', width);
    y += 30;
    paragraph(
      'A greenside hazard reads from the green: "6 short to 1 on" starts 6 short of the front edge and ends 1 onto the green. Green pages are drawn at the scale they state; slopes only where measured elevation exists.',
      7.5,
      MUTED_INK,
    );
    y += 8;

    heading('The course');
    paragraph(course.name, 9);
    if (location) paragraph(location, 8, MUTED_INK);
    paragraph(
      `${course.holes.length} holes${totals.par === null ? '' : ` · par ${totals.par}${totals.parComplete ? '' : ' (holes without par not counted)'}`}`,
    );
    for (const set of totals.teeSets) {
      paintTeeSetRow(ctx, set, left, right, y, 8, 13);
      y += 12;
    }
    y += 8;

    heading('Data');
    for (const credit of scene.manifest.attribution) paragraph(credit, 7.5);
    paragraph(
      'Every distance is measured from the course geometry; a number the data cannot give is left out and the page says so. Check local rules before using this book in competition.',
      7.5,
      MUTED_INK,
    );

    // the imprint identifies the edition: at the foot of the back cover, never on the front
    const imprint = `Imprint: ${scene.manifest.template} · course revision ${scene.manifest.courseRevision.slice(7, 19)}`;
    text(ctx, imprint, left, pt(frames.footer.y + frames.footer.height) - 2, 7, { color: MUTED_INK, maxWidth: width });
  };
}

function legendRow(ctx: PageContext, x: number, y: number, sample: string[], boldLine: number, meaning: string, width: number): void {
  const size = 7.4;
  const plateWidth = 44;
  ctx.fillStyle = '#eef2ec';
  ctx.fillRect(x, y - size - 1, plateWidth, sample.length * size * 1.3 + 2);
  sample.forEach((line, i) => text(ctx, line, x + 3, y + i * size * 1.3, size, { weight: i === boldLine ? 'bold' : 'normal', family: 'condensed' }));
  wrapText(ctx, meaning, 0, 0, width - plateWidth - 8, 7.5).forEach((line, i) => text(ctx, line, x + plateWidth + 8, y + i * 9.5, 7.5));
}
