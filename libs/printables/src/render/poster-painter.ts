/**
 * The course poster: the vector course map over most of the sheet and a scorecard-style table of
 * every hole (par, each tee set's length, handicap) under it. Every mark is a vector.
 */
import { sheetFrames, type RectIn } from '../compile/page-layout';
import { distanceValue, type DistanceUnit } from '../yardages/distance-units';
import { pt, type PageContext, type PagePainter, type PageScene } from './page-context';
import { BAND, INK, MUTED_INK, RULE_INK, paintFooter, paintHeaderBand, paintPaper, text } from './page-furniture';
import { fitCourseMap, paintCourseMap } from './course-map-painter';
import { courseTotals, paintNorthArrow } from './book-pages-painter';
import { yardsToMeters } from '@caddie/geometry';
import { teeSetName } from '../yardages/tee-set-names';

export function preparePoster(scene: PageScene): PagePainter {
  const widthIn = scene.width / 72;
  const heightIn = scene.height / 72;
  const frames = sheetFrames(widthIn, heightIn, 0);
  const tableHeight = Math.min(frames.art.height * 0.26, 0.45 * (3 + scene.course.teeSets.length) * (widthIn / 24));
  const mapFrame: RectIn = { ...frames.art, height: frames.art.height - tableHeight - 0.3 };
  const tableFrame: RectIn = { x: frames.art.x, y: mapFrame.y + mapFrame.height + 0.3, width: frames.art.width, height: tableHeight };
  const map = fitCourseMap(scene.course, mapFrame, pt(0.2));
  const unit = (scene.manifest.options.units === 'meters' ? 'meters' : 'yards') as DistanceUnit;
  const location = [scene.course.location.city, scene.course.location.region, scene.course.location.country].filter(Boolean).join(', ');
  return (ctx) => {
    paintPaper(ctx, scene);
    paintHeaderBand(ctx, scene, frames.header, scene.course.name, location || null);
    paintCourseMap(ctx, scene.course, map, mapFrame);
    paintNorthArrow(ctx, pt(mapFrame.x + mapFrame.width) - pt(0.4), pt(mapFrame.y) + pt(0.5), map.northDegrees, pt(0.22));
    paintHoleTable(ctx, scene, tableFrame, unit);
    paintFooter(ctx, scene, frames.footer, true);
  };
}

/** Hole columns, a label column and a total column; rows: hole, par, each tee set, handicap. */
function paintHoleTable(ctx: PageContext, scene: PageScene, frame: RectIn, unit: DistanceUnit): void {
  const holes = [...scene.course.holes].sort((a, b) => a.number - b.number);
  const totals = courseTotals(scene.course);
  const rows: { label: string; color?: string | null; cells: string[]; total: string; strong?: boolean }[] = [
    { label: 'Hole', cells: holes.map((h) => String(h.number)), total: 'Total', strong: true },
    { label: 'Par', cells: holes.map((h) => String(h.par ?? '—')), total: totals.par === null ? '—' : String(totals.par), strong: true },
  ];
  for (const [i, set] of scene.course.teeSets.entries()) {
    const lengths = holes.map((h) => h.tees.find((t) => t.teeSetId === set.id)?.yards ?? null);
    const show = (yards: number | null) => (yards === null ? '—' : String(distanceValue(yardsToMeters(yards), unit)));
    rows.push({
      label: teeSetName(scene.course, set),
      color: set.color,
      cells: lengths.map(show),
      total: show(totals.teeSets[i].complete ? totals.teeSets[i].yards : null),
    });
  }
  rows.push({ label: 'Handicap', cells: holes.map((h) => String(h.handicap ?? Object.values(h.handicapsByTeeSet)[0] ?? '—')), total: '' });
  const x0 = pt(frame.x);
  const labelWidth = pt(frame.width) * 0.1;
  const columnWidth = (pt(frame.width) - labelWidth) / (holes.length + 1);
  const rowHeight = pt(frame.height) / rows.length;
  const size = Math.min(rowHeight * 0.5, columnWidth * 0.4);
  rows.forEach((row, r) => {
    const y = pt(frame.y) + r * rowHeight;
    if (r === 0) {
      ctx.fillStyle = BAND;
      ctx.fillRect(x0, y, pt(frame.width), rowHeight);
    }
    const color = r === 0 ? '#ffffff' : INK;
    if (row.color) {
      ctx.fillStyle = row.color;
      ctx.strokeStyle = INK;
      ctx.lineWidth = 0.5;
      ctx.fillRect(x0 + size * 0.3, y + rowHeight / 2 - size * 0.4, size * 0.8, size * 0.8);
      ctx.strokeRect(x0 + size * 0.3, y + rowHeight / 2 - size * 0.4, size * 0.8, size * 0.8);
    }
    text(ctx, row.label, x0 + (row.color ? size * 1.4 : size * 0.3), y + rowHeight / 2 + size * 0.36, size * 0.9, {
      weight: 'bold',
      color,
      maxWidth: labelWidth - size * 1.5,
    });
    [...row.cells, row.total].forEach((cell, c) => {
      const cx = x0 + labelWidth + (c + 0.5) * columnWidth;
      text(ctx, cell, cx, y + rowHeight / 2 + size * 0.36, size * (c === row.cells.length ? 0.85 : 1), {
        align: 'center',
        weight: row.strong || c === row.cells.length ? 'bold' : 'normal',
        color,
        family: 'condensed',
      });
    });
    ctx.strokeStyle = RULE_INK;
    ctx.lineWidth = 0.5;
    ctx.beginPath();
    ctx.moveTo(x0, y + rowHeight);
    ctx.lineTo(x0 + pt(frame.width), y + rowHeight);
    ctx.stroke();
  });
  text(ctx, unit === 'yards' ? 'Lengths in yards' : 'Lengths in metres', x0 + pt(frame.width), pt(frame.y + frame.height) + size * 1.2, size * 0.6, {
    align: 'right',
    color: MUTED_INK,
  });
}
