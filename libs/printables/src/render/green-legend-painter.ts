/**
 * The key of a green book: what each mark on a green page means, and the slope arrows' length and
 * colour against % slope, drawn with the same painters and at the same size as on the green pages.
 */
import { bookPageFrames } from '../compile/page-layout';
import { BOOK_GREEN_SCALE } from '../templates/template-catalog';
import { unitAbbreviation, type DistanceUnit } from '../yardages/distance-units';
import { paintCentreMark, paintTick, strokeSegment } from './green-page-painter';
import { pt, type PagePainter, type PageScene } from './page-context';
import { BAND, INK, MUTED_INK, paintFooter, paintHeaderBand, paintPaper, text } from './page-furniture';
import { GREEN_EDGE_COLOR } from './scale-bar';
import { keyArrow, paintSlopeArrows, SLOPE_BANDS } from './slope-arrows';

export function prepareGreenLegendPage(scene: PageScene): PagePainter {
  const frames = bookPageFrames(scene.width / 72, scene.height / 72, 0);
  const unit = (scene.manifest.options.units === 'meters' ? 'meters' : 'yards') as DistanceUnit;
  const u = unitAbbreviation(unit);
  const denominator = Number(scene.manifest.options.greenScale ?? BOOK_GREEN_SCALE);
  const slopes = scene.page.holds.includes('slope-key');
  return (ctx) => {
    paintPaper(ctx, scene);
    paintHeaderBand(ctx, scene, frames.header, 'Key', scene.manifest.courseName);
    const left = pt(frames.art.x);
    const width = pt(frames.art.width);
    const symbol = left + 14;
    const words = left + 34;
    const body = 8;
    let y = pt(frames.art.y) + 16;
    const heading = (value: string) => {
      text(ctx, value, left, y, 10, { weight: 'bold', color: BAND });
      y += 16;
    };
    const row = (lines: string[], paint: (cy: number) => void) => {
      paint(y - body * 0.35);
      lines.forEach((line, i) => text(ctx, line, words, y + i * body * 1.3, body, { color: i === 0 ? INK : MUTED_INK, maxWidth: width - (words - left) }));
      y += Math.max(18, lines.length * body * 1.3 + 6);
    };
    heading('Marks on each green');
    row(['Centre of the green', 'Ringed in white so no arrow hides it.'], (cy) => paintCentreMark(ctx, symbol, cy));
    row(['F  front and  B  back of the green', 'Along the line of approach, from the bottom.'], (cy) => paintTick(ctx, symbol, cy));
    row(['Edge of the putting surface', `Drawn at the page scale, 1:${denominator} unless the page says otherwise.`], (cy) =>
      strokeSegment(ctx, [symbol - 9, cy], [symbol + 9, cy], GREEN_EDGE_COLOR, 0.6),
    );
    row([`Grid every 5 ${u} through the centre`, `Edge numbers: ${u} from the centre, + beyond, − short.`], (cy) => {
      text(ctx, '+10', symbol, cy + 2.5, 7, { weight: 'bold', align: 'center', halo: true });
    });
    y += 6;
    heading('Slope arrows');
    if (!slopes) {
      text(ctx, 'No green in this book has measured elevation (or the pencil style is chosen):', left, y, body, { color: MUTED_INK, maxWidth: width });
      text(ctx, 'its pages carry no slope arrows.', left, y + body * 1.3, body, { color: MUTED_INK, maxWidth: width });
    } else {
      const intro = [
        'Each arrow points downhill: the fall of the surface where it',
        'sits, not the path of a putt. Steeper is longer and darker.',
        'A 2 % slope falls 2 ft in 100 ft (3/4 in across 3 ft).',
      ];
      intro.forEach((line, i) => text(ctx, line, left, y + i * body * 1.3, body, { color: INK, maxWidth: width }));
      y += intro.length * body * 1.3 + 12;
      for (const band of SLOPE_BANDS) {
        const slope = Number.isFinite(band.to) ? (band.from + band.to) / 2 : 0.04;
        const arrow = keyArrow(left + 4, y - 3, slope, denominator);
        paintSlopeArrows(ctx, [arrow]);
        text(ctx, band.label, left + 50, y, body, { weight: 'bold', color: INK });
        y += 20;
      }
      text(ctx, 'Under 0.5 %: no arrow (the putt does not visibly break).', left, y, body, { color: MUTED_INK, maxWidth: width });
    }
    paintFooter(ctx, scene, frames.footer, false);
  };
}
