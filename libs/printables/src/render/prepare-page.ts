/** Chooses the painter of each page kind and prepares what it needs (raster artwork, yardages). */
import { bookPageFrames } from '../compile/page-layout';
import type { PagePainter, PageScene } from './page-context';
import { paintFooter, paintHeaderBand, paintMissingNotice, paintPaper } from './page-furniture';
import { prepareHolePage } from './hole-page-painter';
import { prepareGreenPage } from './green-page-painter';
import { prepareGreenLegendPage } from './green-legend-painter';
import { preparePinSheet } from './pin-sheet-painter';
import { preparePoster } from './poster-painter';
import { prepareBackCoverPage } from './back-cover-painter';
import { prepareCoverPage, prepareNotesPage, prepareOverviewPage } from './book-pages-painter';

export async function preparePage(scene: PageScene, dpi: number): Promise<PagePainter> {
  switch (scene.page.kind) {
    case 'hole':
    case 'hole-sheet':
      return prepareHolePage(scene, dpi);
    case 'poster':
      return preparePoster(scene);
    case 'pin-sheet':
      return preparePinSheet(scene);
    case 'cover':
      return prepareCoverPage(scene);
    case 'course-overview':
      return prepareOverviewPage(scene);
    case 'notes':
      return prepareNotesPage(scene);
    case 'back-cover':
      return prepareBackCoverPage(scene);
    case 'green':
      return prepareGreenPage(scene, dpi);
    case 'legend':
      return prepareGreenLegendPage(scene);
    default:
      break;
  }
  const frames = bookPageFrames(scene.width / 72, scene.height / 72, 1);
  return (ctx) => {
    paintPaper(ctx, scene);
    paintHeaderBand(ctx, scene, frames.header, scene.page.title, scene.manifest.courseName);
    if (scene.page.missing.length > 0) paintMissingNotice(ctx, frames.art, ['Data missing', ...scene.page.missing]);
    paintFooter(ctx, scene, frames.footer, true);
  };
}
