/** The cover, course overview and notes pages of a book. */
import type { Course } from '@caddie/catalog';
import { bookPageFrames } from '../compile/page-layout';
import { pt, type PagePainter, type PageContext, type PageScene } from './page-context';
import { BAND, INK, RULE_INK, paintFooter, paintHeaderBand, paintMissingNotice, paintPaper, text } from './page-furniture';
import { fitCourseMap, paintCourseMap } from './course-map-painter';
import { teeSetName } from '../yardages/tee-set-names';

/** Total par and the length of every tee set over the holes that have it. */
export function courseTotals(course: Course): {
  par: number | null;
  parComplete: boolean;
  teeSets: { name: string; color: string | null; yards: number; complete: boolean }[];
} {
  const pars = course.holes.map((h) => h.par);
  const par = pars.some((p) => p !== null) ? pars.reduce<number>((sum, p) => sum + (p ?? 0), 0) : null;
  const teeSets = course.teeSets.map((set) => {
    const lengths = course.holes.map((h) => h.tees.find((t) => t.teeSetId === set.id)?.yards ?? null);
    return {
      name: teeSetName(course, set),
      color: set.color,
      yards: lengths.reduce<number>((sum, y) => sum + (y ?? 0), 0),
      complete: lengths.every((y) => y !== null),
    };
  });
  return { par, parComplete: pars.every((p) => p !== null), teeSets };
}

/** One tee set's line: its colour swatch (`size` pt square), its name `gap` pt right of the swatch's edge, its length right-aligned at `right`. */
export function paintTeeSetRow(
  ctx: PageContext,
  set: ReturnType<typeof courseTotals>['teeSets'][number],
  left: number,
  right: number,
  y: number,
  size: number,
  gap: number,
): void {
  ctx.fillStyle = set.color ?? '#ffffff';
  ctx.strokeStyle = INK;
  ctx.lineWidth = 0.5;
  ctx.fillRect(left, y - size + 1, size, size);
  ctx.strokeRect(left, y - size + 1, size, size);
  text(ctx, set.name, left + gap, y, size, { weight: 'bold' });
  text(ctx, `${set.yards.toLocaleString('en-US')} yd${set.complete ? '' : ' (incomplete)'}`, right, y, size, { align: 'right' });
}

export function prepareCoverPage(scene: PageScene): PagePainter {
  const course = scene.course;
  const totals = courseTotals(course);
  const location = [course.location.city, course.location.region, course.location.country].filter(Boolean).join(', ');
  return (ctx) => {
    paintPaper(ctx, scene);
    // a full-bleed band over the top half
    ctx.fillStyle = BAND;
    ctx.fillRect(-scene.bleed, -scene.bleed, scene.width + 2 * scene.bleed, scene.height * 0.48 + scene.bleed);
    const margin = pt(0.3);
    const titleSize = Math.min(30, scene.width / 11);
    wrapText(ctx, course.name, margin, scene.height * 0.2, scene.width - 2 * margin, titleSize).forEach((line, i) =>
      text(ctx, line, margin, scene.height * 0.2 + i * titleSize * 1.15, titleSize, { weight: 'bold', color: '#ffffff' }),
    );
    if (location) text(ctx, location, margin, scene.height * 0.44, titleSize * 0.42, { color: '#d8e6dc' });
    text(ctx, scene.manifest.template.startsWith('green-book@') ? 'GREEN BOOK' : 'YARDAGE BOOK', margin, scene.height * 0.56, titleSize * 0.45, {
      weight: 'bold',
      color: BAND,
    });
    let y = scene.height * 0.56 + titleSize;
    const parLine = totals.par === null ? 'Par not in the course data' : `Par ${totals.par}${totals.parComplete ? '' : ' (holes without par not counted)'}`;
    text(ctx, `${course.holes.length} holes · ${parLine}`, margin, y, 9, { color: INK });
    y += 18;
    for (const set of totals.teeSets) {
      paintTeeSetRow(ctx, set, margin, scene.width - margin, y, 9, 15);
      y += 15;
    }
    const footer = bookPageFrames(scene.width / 72, scene.height / 72, 0).footer;
    paintFooter(ctx, scene, footer, true);
  };
}

export function prepareOverviewPage(scene: PageScene): PagePainter {
  const frames = bookPageFrames(scene.width / 72, scene.height / 72, 0.35);
  const drawable = scene.page.holds.includes('course-map');
  const map = drawable ? fitCourseMap(scene.course, frames.art, 6) : null;
  const totals = courseTotals(scene.course);
  return (ctx) => {
    paintPaper(ctx, scene);
    paintHeaderBand(ctx, scene, frames.header, 'Course', scene.manifest.courseName);
    if (map) {
      paintCourseMap(ctx, scene.course, map, frames.art);
      paintNorthArrow(ctx, pt(frames.art.x + frames.art.width) - 12, pt(frames.art.y) + 16, map.northDegrees);
    } else paintMissingNotice(ctx, frames.art, ['No course geometry to draw', 'The course data has no mapped features.']);
    const back = totals.teeSets[0];
    const summary = [
      `${scene.course.holes.length} holes`,
      totals.par === null ? null : `par ${totals.par}`,
      back ? `${back.yards.toLocaleString('en-US')} yd from ${back.name}` : null,
    ]
      .filter(Boolean)
      .join(' · ');
    text(ctx, summary, pt(frames.table.x), pt(frames.table.y) + 12, 8, { weight: 'bold' });
    paintFooter(ctx, scene, frames.footer, true);
  };
}

export function prepareNotesPage(scene: PageScene): PagePainter {
  const frames = bookPageFrames(scene.width / 72, scene.height / 72, 0);
  return (ctx) => {
    paintPaper(ctx, scene);
    text(ctx, 'Notes', pt(frames.header.x), pt(frames.header.y) + 16, 14, { weight: 'bold', color: BAND });
    ctx.strokeStyle = RULE_INK;
    ctx.lineWidth = 0.4;
    ctx.beginPath();
    for (let y = pt(frames.header.y) + 40; y < pt(frames.footer.y) - 6; y += 19) {
      ctx.moveTo(pt(frames.header.x), y);
      ctx.lineTo(pt(frames.header.x + frames.header.width), y);
    }
    ctx.stroke();
    paintFooter(ctx, scene, frames.footer, false);
  };
}

export function paintNorthArrow(ctx: PageContext, x: number, y: number, northDegrees: number, size = 9): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate((northDegrees * Math.PI) / 180);
  ctx.translate(-x, -y);
  ctx.beginPath();
  ctx.moveTo(x, y - size);
  ctx.lineTo(x + size * 0.45, y + size * 0.5);
  ctx.lineTo(x, y + size * 0.2);
  ctx.lineTo(x - size * 0.45, y + size * 0.5);
  ctx.closePath();
  ctx.fillStyle = INK;
  ctx.fill();
  text(ctx, 'N', x, y + size * 1.5, size * 0.8, { align: 'center', weight: 'bold' });
  ctx.restore();
}

/** Greedy word wrap to a width (points). */
export function wrapText(ctx: PageContext, value: string, _x: number, _y: number, width: number, size: number): string[] {
  const words = value.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    ctx.font = `bold ${size}px "Caddie Sans"`;
    if (ctx.measureText(candidate).width > width && line) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
