/** The tables of a hole page: tee-set lengths, then carries and distances to the green. */
import type { RectIn } from '../compile/page-layout';
import { distanceValue, unitAbbreviation, type DistanceUnit } from '../yardages/distance-units';
import type { HoleYardages } from '../yardages/hole-yardages';
import { pt, type PageContext } from './page-context';
import { INK, MUTED_INK, RULE_INK, text, textWidth } from './page-furniture';

/** Paints inside `frame`; `size` is the body text size in points. Returns the y (points) below the last line. */
export function paintTeeLengths(ctx: PageContext, yardages: HoleYardages, frame: RectIn, size: number, unit: DistanceUnit): number {
  let x = pt(frame.x);
  let y = pt(frame.y) + size;
  const right = pt(frame.x + frame.width);
  for (const tee of yardages.tees) {
    const value = tee.yards === null ? '—' : String(unit === 'yards' ? tee.yards : Math.round(tee.yards * 0.9144));
    const label = `${tee.name} ${value}`;
    const w = size * 0.9 + 3 + textWidth(ctx, label, size, 'bold', 'condensed') + size;
    if (x + w > right && x > pt(frame.x)) {
      x = pt(frame.x);
      y += size * 1.5;
    }
    ctx.fillStyle = tee.color ?? '#ffffff';
    ctx.strokeStyle = INK;
    ctx.lineWidth = 0.4;
    ctx.fillRect(x, y - size * 0.8, size * 0.9, size * 0.9);
    ctx.strokeRect(x, y - size * 0.8, size * 0.9, size * 0.9);
    text(ctx, label, x + size * 0.9 + 3, y, size, { weight: 'bold', family: 'condensed' });
    x += w;
  }
  return y + size * 0.6;
}

/**
 * One row per hazard (carry to, carry over, then front/centre/back of the green from its near
 * edge) and per lay-up point (front/centre/back).
 */
export function paintCarryTable(ctx: PageContext, yardages: HoleYardages, frame: RectIn, top: number, size: number, unit: DistanceUnit): number {
  const u = unitAbbreviation(unit);
  const left = pt(frame.x);
  const width = pt(frame.width);
  const columns = [0, 0.07, 0.4, 0.53, 0.66, 0.78, 0.9].map((f) => left + f * width);
  const tee = yardages.carryTee?.name ?? 'tee';
  let y = top + size * 1.1;
  text(ctx, `Carries from ${tee} tee · to green front / centre / back (${u})`, left, y, size * 0.9, { color: MUTED_INK, maxWidth: width });
  y += size * 1.45;
  const header = ['', '', 'to', 'over', 'F', 'C', 'B'];
  header.forEach((h, i) => h && text(ctx, h, columns[i] + (i >= 2 ? size * 2.2 : 0), y, size * 0.85, { weight: 'bold', align: i >= 2 ? 'right' : 'left', color: MUTED_INK }));
  y += size * 0.45;
  rule(ctx, left, left + width, y);
  const teeStation = yardages.carryTee?.stationMeters ?? 0;
  const rows: string[][] = [];
  for (const h of yardages.hazards) {
    const name = `${h.kind === 'water' ? 'Water' : 'Bunker'}${h.side === 'C' ? '' : ` ${h.side}`}`;
    const g = h.toGreen;
    rows.push([h.label, name, String(distanceValue(h.nearStationMeters - teeStation, unit)), String(distanceValue(h.farStationMeters - teeStation, unit)), ...(g ? [g.front, g.center, g.back].map((m) => String(distanceValue(m, unit))) : ['—', '—', '—'])]);
  }
  for (const l of yardages.layUps) {
    const g = l.toGreen;
    rows.push(['●', `Lay-up ${l.distanceToCenter}`, '', '', ...(g ? [g.front, g.center, g.back].map((m) => String(distanceValue(m, unit))) : ['—', '—', '—'])]);
  }
  if (rows.length === 0) {
    y += size * 1.4;
    text(ctx, 'No hazards near the play line and no lay-up points on this hole.', left, y, size * 0.9, { color: MUTED_INK, maxWidth: width });
  }
  for (const row of rows) {
    y += size * 1.38;
    row.forEach((cell, i) => {
      if (!cell) return;
      text(ctx, cell, columns[i] + (i >= 2 ? size * 2.2 : 0), y, size, { align: i >= 2 ? 'right' : 'left', weight: i === 0 || i === 5 ? 'bold' : 'normal', family: i === 1 ? 'sans' : 'condensed', color: INK });
    });
  }
  return y + size * 0.6;
}

function rule(ctx: PageContext, x1: number, x2: number, y: number): void {
  ctx.beginPath();
  ctx.moveTo(x1, y);
  ctx.lineTo(x2, y);
  ctx.strokeStyle = RULE_INK;
  ctx.lineWidth = 0.4;
  ctx.stroke();
}
