/** A hole page (book) and a hole sheet (Letter/A4): the hole artwork with its numbers. */
import type { Hole } from '@caddie/catalog';
import { bookTypeScale, holePageFrames, NUMBERS_ON_ART, sheetFrames, type PageFrameSet, type RectIn } from '../compile/page-layout';
import { holeArtFrame } from '../compile/raster-plan';
import { unitAbbreviation, type DistanceUnit } from '../yardages/distance-units';
import { holeYardages, type HoleYardages } from '../yardages/hole-yardages';
import { pt, type PagePainter, type PageContext, type PageScene } from './page-context';
import { MUTED_INK, RULE_INK, paintFooter, paintHeaderBand, paintMissingNotice, paintPaper, text } from './page-furniture';
import { wrapText } from './book-pages-painter';
import { paintHoleNumbers } from './hole-numbers-painter';
import { holeArt, type PlacedArt } from './renderer-art';
import { paintCarryTable, paintTeeLengths } from './yardage-table-painter';

export function prepareHolePage(scene: PageScene, dpi: number): PagePainter {
  const hole = scene.course.holes.find((h) => h.number === scene.page.holeNumber) as Hole;
  const sheet = scene.page.kind === 'hole-sheet';
  const widthIn = scene.width / 72;
  const heightIn = scene.height / 72;
  const onArt = scene.page.holds.includes(NUMBERS_ON_ART);
  const frames = sheet ? sheetFrames(widthIn, heightIn, 0.4) : holePageFrames(widthIn, heightIn, onArt);
  const options = scene.manifest.options;
  const art =
    hole.centerline.length >= 2
      ? holeArt(
          scene.course,
          hole,
          holeArtFrame(scene.page.kind === 'hole-sheet' ? 'hole-sheet' : 'hole', widthIn, heightIn, onArt),
          dpi,
          String(options.style ?? 'traditional'),
          onArt,
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
    let leftOut = 0;
    if (art) {
      ctx.drawImage(art.canvas, art.x, art.y, art.width, art.height);
      if (onArt) leftOut = paintHoleNumbers(ctx, scene.course, art, yardages, body, unit, sheet).hazardsLeftOut;
      else paintArtMarks(ctx, art, yardages, body);
    } else {
      paintMissingNotice(ctx, frames.art, [`Hole ${hole.number}: no play line in the course data`, 'The hole cannot be drawn or measured.']);
    }
    let y = paintTeeLengths(ctx, yardages, frames.table, body, unit);
    // versions 1 and 2 and hole sheets print the carry table; version 3 book pages a key and notes
    if (sheet || !onArt) y = paintCarryTable(ctx, yardages, frames.table, y, body, unit);
    else y = paintNumbersKey(ctx, yardages, frames.table, y, body, unit, leftOut);
    y = paintMissingLine(ctx, scene, frames, y, body);
    if (!sheet && onArt) paintNotesArea(ctx, frames.table, y, body);
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

/** Version 1: lay-up dots and lettered hazard markers on the artwork (vectors), the numbers in the table. */
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

/** Returns the y (points) below the line. */
function paintMissingLine(ctx: PageContext, scene: PageScene, frames: PageFrameSet, y: number, size: number): number {
  const missing = scene.page.missing.map((m) => m.split('.').slice(1).join('.').replace(/-/g, ' '));
  if (missing.length === 0) return y;
  const baseline = Math.min(y + size * 1.2, pt(frames.table.y + frames.table.height));
  text(ctx, `Not in the course data: ${missing.join(', ')}.`, pt(frames.table.x), baseline, size * 0.9, { color: MUTED_INK, maxWidth: pt(frames.table.width) });
  return baseline + size * 0.4;
}

/** How to read the numbers on the drawing (and how many hazards found no room there). Returns the y below it. */
function paintNumbersKey(ctx: PageContext, yardages: HoleYardages, frame: RectIn, top: number, size: number, unit: DistanceUnit, leftOut: number): number {
  const u = unitAbbreviation(unit);
  const lines = [
    yardages.hazards.length ? `Hazards: to reach, to carry (bold), ${u}, from each tee above.` : 'No hazards near the play line.',
    yardages.layUps.length ? `Arcs: ${u} to the green centre; under each, to its front-back.` : '',
    leftOut ? `${leftOut} hazard${leftOut > 1 ? 's' : ''} not numbered on the drawing: no free room beside ${leftOut > 1 ? 'them' : 'it'}.` : '',
  ].filter(Boolean);
  const bottom = pt(frame.y + frame.height);
  let y = top;
  for (const line of lines.flatMap((l) => wrapText(ctx, l, 0, 0, pt(frame.width), size))) {
    if (y + size * 1.2 > bottom) break;
    y += size * 1.2;
    text(ctx, line, pt(frame.x), y, size, { color: MUTED_INK });
  }
  return y + size * 0.4;
}

/** Ruled lines for the golfer's own notes, from `top` to the bottom of the frame. */
function paintNotesArea(ctx: PageContext, frame: RectIn, top: number, size: number): void {
  const bottom = pt(frame.y + frame.height);
  const left = pt(frame.x);
  const right = pt(frame.x + frame.width);
  const gap = size * 2.1;
  if (bottom - top < size * 1.2 + gap) return;
  text(ctx, 'Notes', left, top + size * 1.1, size * 0.95, { weight: 'bold', color: MUTED_INK });
  ctx.strokeStyle = RULE_INK;
  ctx.lineWidth = 0.4;
  for (let y = top + size * 1.1 + gap; y <= bottom; y += gap) {
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(right, y);
    ctx.stroke();
  }
}
