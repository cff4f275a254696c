/** A hole page (book) and a hole sheet (Letter/A4): the hole artwork with its numbers. */
import type { Hole } from '@caddie/catalog';
import { bookTypeScale, holePageFrames, sheetFrames, type PageFrameSet } from '../compile/page-layout';
import { holeArtFrame } from '../compile/raster-plan';
import type { DistanceUnit } from '../yardages/distance-units';
import { holeYardages, type HoleYardages } from '../yardages/hole-yardages';
import { pt, type PagePainter, type PageContext, type PageScene } from './page-context';
import { MUTED_INK, paintFooter, paintHeaderBand, paintMissingNotice, paintPaper, text } from './page-furniture';
import { holeArt, type PlacedArt } from './renderer-art';
import { paintCarryTable, paintTeeLengths } from './yardage-table-painter';

export function prepareHolePage(scene: PageScene, dpi: number): PagePainter {
  const hole = scene.course.holes.find((h) => h.number === scene.page.holeNumber) as Hole;
  const sheet = scene.page.kind === 'hole-sheet';
  const widthIn = scene.width / 72;
  const heightIn = scene.height / 72;
  const frames = sheet ? sheetFrames(widthIn, heightIn, 0.4) : holePageFrames(widthIn, heightIn);
  const options = scene.manifest.options;
  const art =
    hole.centerline.length >= 2
      ? holeArt(
          scene.course,
          hole,
          holeArtFrame(scene.page.kind === 'hole-sheet' ? 'hole-sheet' : 'hole', widthIn, heightIn),
          dpi,
          String(options.style ?? 'traditional'),
        )
      : null;
  const unit = (options.units === 'meters' ? 'meters' : 'yards') as DistanceUnit;
  const yardages = holeYardages(scene.course, hole, unit);
  // numbers a golfer reads on the course: 7 pt at the least
  const body = sheet ? 9.5 : Math.max(7, 7.4 * bookTypeScale(heightIn));
  return (ctx) => {
    paintPaper(ctx, scene);
    paintHeaderBand(ctx, scene, frames.header, `Hole ${hole.number}`, scene.manifest.courseName);
    paintHoleFacts(ctx, hole, frames);
    if (art) {
      ctx.drawImage(art.canvas, art.x, art.y, art.width, art.height);
      paintArtMarks(ctx, art, yardages, body);
    } else {
      paintMissingNotice(ctx, frames.art, [`Hole ${hole.number}: no play line in the course data`, 'The hole cannot be drawn or measured.']);
    }
    const y = paintTeeLengths(ctx, yardages, frames.table, body, unit);
    const end = paintCarryTable(ctx, yardages, frames.table, y, body, unit);
    paintMissingLine(ctx, scene, frames, end, body);
    paintFooter(ctx, scene, frames.footer, true);
  };
}

/** Par and handicap in the header band, right-aligned; a dash where the course data has none. */
function paintHoleFacts(ctx: PageContext, hole: Hole, frames: PageFrameSet): void {
  const right = pt(frames.header.x + frames.header.width);
  const size = Math.min(22, pt(frames.header.height) * 0.42);
  const handicap = hole.handicap ?? Object.values(hole.handicapsByTeeSet)[0] ?? null;
  text(ctx, `Par ${hole.par ?? '—'}`, right, pt(frames.header.y) + size * 1.05, size * 0.9, { align: 'right', weight: 'bold', color: '#ffffff' });
  text(ctx, `Handicap ${handicap ?? '—'}`, right, pt(frames.header.y + frames.header.height) - size * 0.35, size * 0.45, { align: 'right', color: '#d8e6dc' });
}

/** Lay-up dots and lettered hazard markers on the artwork (vectors). */
function paintArtMarks(ctx: PageContext, art: PlacedArt, yardages: HoleYardages, size: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(art.x, art.y, art.width, art.height);
  ctx.clip();
  for (const layUp of yardages.layUps) {
    const [x, y] = art.toPage(layUp.point);
    ctx.beginPath();
    ctx.arc(x, y, size * 0.32, 0, Math.PI * 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.lineWidth = size * 0.12;
    ctx.strokeStyle = '#1d2621';
    ctx.stroke();
    text(ctx, String(layUp.distanceToCenter), x + size * 0.55, y + size * 0.32, size, { weight: 'bold', family: 'condensed', color: '#1d2621' });
  }
  const placed: [number, number][] = [];
  for (const hazard of yardages.hazards) {
    const [hx, y] = art.toPage(hazard.nearPoint);
    // beside the hazard, on its side of the play line, so the sand or water stays visible;
    // further out while it would cover a marker already placed
    const outward = hazard.side === 'left' ? -1 : 1;
    let x = hx + outward * size * 1.1;
    while (placed.some(([px, py]) => Math.hypot(px - x, py - y) < size * 1.3)) x += outward * size * 1.3;
    placed.push([x, y]);
    ctx.beginPath();
    ctx.arc(x, y, size * 0.62, 0, Math.PI * 2);
    ctx.fillStyle = '#1d2621';
    ctx.fill();
    text(ctx, hazard.label, x, y + size * 0.35, size, { align: 'center', weight: 'bold', color: '#ffffff' });
  }
  ctx.restore();
}

function paintMissingLine(ctx: PageContext, scene: PageScene, frames: PageFrameSet, y: number, size: number): void {
  const missing = scene.page.missing.map((m) => m.split('.').slice(1).join('.').replace(/-/g, ' '));
  if (missing.length === 0) return;
  text(
    ctx,
    `Not in the course data: ${missing.join(', ')}.`,
    pt(frames.table.x),
    Math.min(y + size * 1.2, pt(frames.table.y + frames.table.height)),
    size * 0.9,
    { color: MUTED_INK, maxWidth: pt(frames.table.width) },
  );
}
