import type { Course } from '@caddie/catalog';
import { font, registerFonts } from '@caddie/renderer';
import { DESIGN_PROFILES, type RectMm } from '../design-layout';
import type { CaptureDefinition } from '../design-catalog';
import { LABEL_FONT_EM_PER_HEIGHT } from '../label-font';
import { MARKER_MODULES, type MarkerDictionary } from '../marker-dictionary';
import { formatIdentityLabel } from '../printed-identity';
import { drawFittedText, fillRect, type CardContext } from './card-text';
import { clearBand, MARKER_CLEARANCE_MM, paintCourseHeader } from './course-header-painter';
import { paintScoreGrid } from './scorecard-grid-painter';

export interface CardPaintInput {
  capture: CaptureDefinition;
  course: Course;
  courseCode: string;
  dictionary: MarkerDictionary;
  /** Overrides the printed label text (tests print damaged labels). */
  labelText?: string;
  /** Leave out the course data and grid, keeping markers and label (a blank reference card). */
  blank?: boolean;
}

/** Paints the whole capture surface on a context whose unit is one millimetre. */
export function paintCard(ctx: CardContext, input: CardPaintInput): void {
  const { capture, course } = input;
  const profile = DESIGN_PROFILES.find((p) => p.designCode === capture.designCode);
  if (!profile) throw new Error(`no layout for design ${capture.designCode}`);
  fillRect(ctx, { x: 0, y: 0, width: capture.widthMm, height: capture.heightMm }, '#fff');

  if (!input.blank) {
    for (const page of capture.pages) {
      if (page.carriesDesign) {
        paintScoreGrid(ctx, capture, profile.layout, page.rectMm, course);
        const top = profile.layout.markerInsetMm;
        const band = clearBand(capture, page.rectMm, top, page.rectMm.y + profile.layout.table.y - 1.5);
        const title = `${profile.panel === 'F9' ? 'Front nine' : 'Back nine'} · ${capture.designCode}`;
        const holeNumbers = capture.regions.holes.map((h) => h.holeNumber);
        if (band) paintCourseHeader(ctx, { ...band, y: band.y + page.rectMm.y }, course, holeNumbers, title);
      } else {
        paintFacingPage(ctx, capture, page.rectMm, course, profile.layout.markerInsetMm + profile.layout.markerSizeMm + MARKER_CLEARANCE_MM);
      }
    }
    if (capture.topology !== 'single-page') paintFold(ctx, capture);
  }

  paintMarkers(ctx, capture, input.dictionary);
  const label = input.labelText ?? formatIdentityLabel({ designCode: capture.designCode, courseCode: input.courseCode });
  paintLabel(ctx, label, capture.labelRectMm);
}

/** Black modules of each marker as one path, so adjacent modules print without seams. */
function paintMarkers(ctx: CardContext, capture: CaptureDefinition, dictionary: MarkerDictionary): void {
  ctx.fillStyle = '#000';
  ctx.beginPath();
  for (const marker of capture.markers) {
    const modules = dictionary.markerModules(marker.id);
    const module = marker.sizeMm / MARKER_MODULES;
    for (let row = 0; row < MARKER_MODULES; row++) {
      for (let col = 0; col < MARKER_MODULES; col++) {
        if (!modules[row][col]) ctx.rect(marker.xMm + col * module, marker.yMm + row * module, module, module);
      }
    }
  }
  ctx.fill();
}

/**
 * The S label in the bundled mono bold face, with the same line geometry the label reader
 * expects (font size and vertical centring as `drawLabelText`).
 */
function paintLabel(ctx: CardContext, text: string, box: RectMm): void {
  registerFonts();
  ctx.save();
  ctx.fillStyle = '#000';
  ctx.font = font('mono', box.height * LABEL_FONT_EM_PER_HEIGHT, 'bold');
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(text, box.x, box.y + box.height / 2);
  ctx.restore();
}

function paintFold(ctx: CardContext, capture: CaptureDefinition): void {
  const fold = capture.pages[1].rectMm;
  ctx.save();
  ctx.strokeStyle = '#999';
  ctx.lineWidth = 0.2;
  ctx.setLineDash([2, 2]);
  ctx.beginPath();
  // The dashed fold line stops short of the fold-safe markers so it never touches their quiet zone.
  const clear = MARKER_CLEARANCE_MM + capture.markers[0].sizeMm + capture.markers[0].yMm;
  if (capture.topology === 'horizontal-spread') {
    ctx.moveTo(fold.x, clear);
    ctx.lineTo(fold.x, capture.heightMm - clear);
  } else {
    ctx.moveTo(clear, fold.y);
    ctx.lineTo(capture.widthMm - clear, fold.y);
  }
  ctx.stroke();
  ctx.restore();
}

/** The facing page of a spread: course name and ruled lines for notes, clear of every marker. */
function paintFacingPage(ctx: CardContext, capture: CaptureDefinition, page: RectMm, course: Course, margin: number): void {
  const band = clearBand(capture, page, page.y + 6, page.y + margin - 2);
  if (band)
    drawFittedText(ctx, `${course.name} · Notes`, band.x + band.width / 2, band.y + band.height / 2, band.width - 2, {
      sizeMm: 4,
      weight: 'bold',
      align: 'center',
    });
  ctx.strokeStyle = '#bbb';
  ctx.lineWidth = 0.2;
  ctx.beginPath();
  for (let y = page.y + margin + 6; y < page.y + page.height - margin; y += 8) {
    ctx.moveTo(page.x + 12, y);
    ctx.lineTo(page.x + page.width - 12, y);
  }
  ctx.stroke();
}
