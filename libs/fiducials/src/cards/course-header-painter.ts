import type { Course } from '@caddie/catalog';
import type { RectMm } from '../design-layout';
import type { CaptureDefinition } from '../design-catalog';
import { drawFittedText, fillRect, strokeRect, type CardContext } from './card-text';

/** Clear space kept around every marker's black square (quiet zone plus a printing tolerance). */
export const MARKER_CLEARANCE_MM = 3;

/**
 * The widest stretch of a horizontal band on `page` that keeps clear of every marker, or
 * undefined when markers leave nothing usable.
 */
export function clearBand(capture: CaptureDefinition, page: RectMm, top: number, bottom: number): RectMm | undefined {
  const blocked = capture.markers
    .filter((m) => m.yMm - MARKER_CLEARANCE_MM < bottom && m.yMm + m.sizeMm + MARKER_CLEARANCE_MM > top)
    .map((m) => [m.xMm - MARKER_CLEARANCE_MM, m.xMm + m.sizeMm + MARKER_CLEARANCE_MM] as const)
    .sort((a, b) => a[0] - b[0]);
  let best: RectMm | undefined;
  let cursor = page.x + 2;
  const consider = (end: number) => {
    if (end - cursor > (best?.width ?? 0)) best = { x: cursor, y: top, width: end - cursor, height: bottom - top };
  };
  for (const [from, to] of blocked) {
    consider(Math.min(from, page.x + page.width - 2));
    cursor = Math.max(cursor, to);
  }
  consider(page.x + page.width - 2);
  return best && best.width > 20 ? best : undefined;
}

/**
 * Course name and the yardage of every tee set for the nine holes of the page, printed in the
 * band above the score table (the table itself carries par and stroke index per hole).
 */
export function paintCourseHeader(ctx: CardContext, band: RectMm, course: Course, holeNumbers: number[], panelTitle: string): void {
  const titleHeight = Math.min(4, band.height * 0.28);
  drawFittedText(ctx, course.name, band.x, band.y + titleHeight / 2, band.width * 0.62, { sizeMm: titleHeight * 0.8, weight: 'bold' });
  drawFittedText(ctx, panelTitle, band.x + band.width, band.y + titleHeight / 2, band.width * 0.36, {
    family: 'condensed',
    sizeMm: titleHeight * 0.6,
    align: 'right',
    color: '#333',
  });

  const holes = holeNumbers.map((n) => course.holes.find((h) => h.number === n));
  const rows: { label: string; color: string | null; values: (number | null)[] }[] = course.teeSets.map((set) => ({
    label: set.name,
    color: set.color,
    values: holes.map((h) => h?.tees.find((t) => t.teeSetId === set.id)?.yards ?? null),
  }));
  // Forward tee sets may carry their own stroke index; the table shows the main one.
  for (const set of course.teeSets) {
    const own = holes.map((h) => h?.handicapsByTeeSet[set.id] ?? null);
    if (own.some((v, i) => v !== null && v !== (holes[i]?.handicap ?? null))) rows.push({ label: `Hcp ${set.name}`, color: null, values: own });
  }

  const gridTop = band.y + titleHeight + 0.5;
  const rowHeight = (band.y + band.height - gridTop) / (rows.length + 1);
  const labelWidth = Math.min(18, band.width * 0.18);
  const totalWidth = Math.min(11, band.width * 0.1);
  const columnWidth = (band.width - labelWidth - totalWidth) / holeNumbers.length;
  const text = { family: 'condensed' as const, sizeMm: rowHeight * 0.78, align: 'center' as const };
  const columnX = (i: number) => band.x + labelWidth + i * columnWidth;

  fillRect(ctx, { x: band.x, y: gridTop, width: band.width, height: rowHeight }, '#e4e4e4');
  drawFittedText(ctx, 'Hole', band.x + 0.5, gridTop + rowHeight / 2, labelWidth - 1, { ...text, align: 'left', weight: 'bold' });
  holeNumbers.forEach((n, i) =>
    drawFittedText(ctx, String(n), columnX(i) + columnWidth / 2, gridTop + rowHeight / 2, columnWidth - 0.5, { ...text, weight: 'bold' }),
  );
  drawFittedText(ctx, 'Total', columnX(holeNumbers.length) + totalWidth / 2, gridTop + rowHeight / 2, totalWidth - 0.5, { ...text, weight: 'bold' });

  rows.forEach((row, r) => {
    const y = gridTop + (r + 1) * rowHeight;
    let labelX = band.x + 0.5;
    if (row.color) {
      const swatch = rowHeight * 0.7;
      fillRect(ctx, { x: labelX, y: y + (rowHeight - swatch) / 2, width: swatch, height: swatch }, row.color);
      strokeRect(ctx, { x: labelX, y: y + (rowHeight - swatch) / 2, width: swatch, height: swatch }, 0.1, '#555');
      labelX += swatch + 0.6;
    }
    drawFittedText(ctx, row.label, labelX, y + rowHeight / 2, band.x + labelWidth - labelX - 0.5, { ...text, align: 'left' });
    row.values.forEach((v, i) => {
      if (v !== null) drawFittedText(ctx, String(v), columnX(i) + columnWidth / 2, y + rowHeight / 2, columnWidth - 0.5, text);
    });
    const isYardage = !row.label.startsWith('Hcp ');
    if (isYardage && row.values.every((v) => v !== null)) {
      const total = row.values.reduce((s: number, v) => s + (v as number), 0);
      drawFittedText(ctx, String(total), columnX(holeNumbers.length) + totalWidth / 2, y + rowHeight / 2, totalWidth - 0.5, text);
    }
    ctx.strokeStyle = '#bbb';
    ctx.lineWidth = 0.1;
    ctx.beginPath();
    ctx.moveTo(band.x, y);
    ctx.lineTo(band.x + band.width, y);
    ctx.stroke();
  });
  strokeRect(ctx, { x: band.x, y: gridTop, width: band.width, height: band.y + band.height - gridTop }, 0.2, '#666');
}
