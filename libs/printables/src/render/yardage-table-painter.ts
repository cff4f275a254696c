/** The tables of a hole page: tee-set lengths, then hazards from each tee and lay-ups to the green. */
import type { RectIn } from '../compile/page-layout';
import { unitAbbreviation, type DistanceUnit } from '../yardages/distance-units';
import type { HoleYardages } from '../yardages/hole-yardages';
import { hazardRows, layUpRows } from '../yardages/yardage-rows';
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
    teeSwatch(ctx, x, y, size, tee.color);
    text(ctx, label, x + size * 0.9 + 3, y, size, { weight: 'bold', family: 'condensed' });
    x += w;
  }
  return y + size * 0.6;
}

function teeSwatch(ctx: PageContext, x: number, y: number, size: number, color: string | null): void {
  ctx.fillStyle = color ?? '#ffffff';
  ctx.strokeStyle = INK;
  ctx.lineWidth = 0.4;
  ctx.fillRect(x, y - size * 0.8, size * 0.9, size * 0.9);
  ctx.strokeRect(x, y - size * 0.8, size * 0.9, size * 0.9);
}

/**
 * One row per hazard: to reach / to carry from every tee (greenside hazards placed from the
 * green instead) and the green centre from where it is reached; then one row per lay-up point
 * (front/centre/back). Rows stop at the bottom of `frame`; the last line then says how many
 * were left out. Returns the y (points) below the last line.
 */
export function paintCarryTable(ctx: PageContext, yardages: HoleYardages, frame: RectIn, top: number, bodySize: number, unit: DistanceUnit): number {
  const u = unitAbbreviation(unit);
  const size = tableSize(ctx, yardages.tees.length, pt(frame.width), bodySize);
  const left = pt(frame.x);
  const width = pt(frame.width);
  const bottom = pt(frame.y + frame.height);
  const line = size * 1.32;
  const hazards = hazardRows(yardages, unit);
  const layUps = layUpRows(yardages, unit);
  let y = top + size * 1.1;
  if (hazards.length + layUps.length === 0) {
    text(ctx, 'No hazards near the play line and no lay-up points on this hole.', left, y, size * 0.9, { color: MUTED_INK, maxWidth: width });
    return y + size * 0.6;
  }
  const tees = yardages.tees;
  const nameWidth = size * 6.2;
  const centreWidth = size * 2.6;
  const teeWidth = Math.min(
    size * 5,
    Math.max(textWidth(ctx, '888/888', size, 'bold', 'condensed') + size * 0.6, (width - size * 1.4 - nameWidth - centreWidth) / Math.max(1, tees.length)),
  );
  const teeRight = (i: number) => left + size * 1.4 + nameWidth + (i + 1) * teeWidth - size * 0.4;
  const centreRight = left + width;
  // lay-ups share lines (front/centre/back after each distance), as many as the width allows
  const layUpTexts = layUps.map((row) => `● ${row.label}: ${row.front}/${row.center}/${row.back}`);
  const layUpGap = size * 1.2;
  const layUpLines: string[][] = [];
  for (const entry of layUpTexts) {
    const current = layUpLines[layUpLines.length - 1];
    const used = current ? current.reduce((w, e) => w + textWidth(ctx, e, size, 'bold', 'condensed') + layUpGap, 0) : Infinity;
    if (current && used + textWidth(ctx, entry, size, 'bold', 'condensed') <= width) current.push(entry);
    else layUpLines.push([entry]);
  }
  const headerLines = (hazards.length ? 2 : 0) + (layUps.length ? 1 : 0);
  const total = hazards.length + layUpLines.length;
  // every line that fits, keeping one for "n more" when some do not
  const room = Math.max(0, Math.floor((bottom - y - headerLines * size * 1.3) / line));
  const shown = total <= room ? total : Math.max(0, room - 1);
  const hazardsShown = Math.min(hazards.length, shown);
  const layUpLinesShown = Math.min(layUpLines.length, shown - hazardsShown);

  if (hazards.length) {
    text(ctx, `Hazards: to reach/to carry from each tee · to green centre (${u})`, left, y, size * 0.9, { color: MUTED_INK, maxWidth: width });
    y += size * 1.3;
    tees.forEach((tee, i) => {
      teeSwatch(ctx, teeRight(i) - size * 0.9, y, size * 0.85, tee.color);
      text(ctx, tee.name, teeRight(i) - size * 1.2, y, size * 0.85, {
        align: 'right',
        weight: 'bold',
        color: MUTED_INK,
        family: 'condensed',
        maxWidth: teeWidth - size * 1.4,
      });
    });
    text(ctx, 'ctr', centreRight, y, size * 0.85, { align: 'right', weight: 'bold', color: MUTED_INK });
    y += size * 0.45;
    rule(ctx, left, left + width, y);
  }
  for (const row of hazards.slice(0, hazardsShown)) {
    y += line;
    text(ctx, row.label, left, y, size, { weight: 'bold' });
    text(ctx, row.name, left + size * 1.4, y, size, { maxWidth: nameWidth - size * 0.3 });
    if (row.greenside) {
      text(ctx, row.greenside, left + size * 1.4 + nameWidth, y, size, { family: 'condensed', maxWidth: width - size * 1.4 - nameWidth });
      continue;
    }
    row.fromTees.forEach((cell, i) => text(ctx, cell, teeRight(i), y, size, { align: 'right', family: 'condensed', weight: 'bold' }));
    if (row.toCenter) text(ctx, row.toCenter, centreRight, y, size, { align: 'right', family: 'condensed' });
  }
  if (layUpLinesShown > 0) {
    y += size * 1.3;
    text(ctx, `Lay-ups: to green front/centre/back (${u})`, left, y, size * 0.9, { color: MUTED_INK, maxWidth: width });
    for (const entries of layUpLines.slice(0, layUpLinesShown)) {
      y += line;
      let x = left;
      for (const entry of entries) {
        text(ctx, entry, x, y, size, { family: 'condensed', weight: 'bold' });
        x += textWidth(ctx, entry, size, 'bold', 'condensed') + layUpGap;
      }
    }
  }
  const hazardsLeft = hazards.length - hazardsShown;
  const layUpsLeft = layUpLines.slice(layUpLinesShown).flat().length;
  if (hazardsLeft + layUpsLeft > 0) {
    y += line;
    const parts = [
      hazardsLeft ? `${hazardsLeft} more hazard${hazardsLeft > 1 ? 's' : ''}` : '',
      layUpsLeft ? `${layUpsLeft} lay-up point${layUpsLeft > 1 ? 's' : ''}` : '',
    ].filter(Boolean);
    text(ctx, `+ ${parts.join(' and ')} not shown: no room on this page`, left, y, size, { color: MUTED_INK, maxWidth: width });
  }
  return y + size * 0.6;
}

/** Widest cell a tee column holds ('888/888') plus its gap, and the columns beside the tee columns, at `size`. */
function tableWidthAt(ctx: PageContext, tees: number, size: number): number {
  const cell = textWidth(ctx, '888/888', size, 'bold', 'condensed') + size * 0.6;
  return size * 1.4 + size * 6.2 + size * 2.6 + Math.max(1, tees) * cell;
}

/** The body size, smaller (never under 7 pt) when the tee columns would not fit the width. */
function tableSize(ctx: PageContext, tees: number, width: number, size: number): number {
  const needed = tableWidthAt(ctx, tees, size);
  return needed <= width ? size : Math.max(7, (size * width) / needed);
}

/** A thin grey rule across from `x1` to `x2`. */
export function rule(ctx: PageContext, x1: number, x2: number, y: number): void {
  ctx.beginPath();
  ctx.moveTo(x1, y);
  ctx.lineTo(x2, y);
  ctx.strokeStyle = RULE_INK;
  ctx.lineWidth = 0.4;
  ctx.stroke();
}
