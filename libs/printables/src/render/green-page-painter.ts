/**
 * A green page: the green at the stated scale (approach from the bottom), a 5-yard grid, front /
 * centre / back marks, the printed scale bar, depth and width, and slopes only where the course
 * has measured putting-surface elevation.
 */
import { metersToYards, yardsToMeters } from '@caddie/geometry';
import type { Hole } from '@caddie/catalog';
import { bookPageFrames, GREEN_PAGE_TABLE_IN, type RectIn } from '../compile/page-layout';
import { greenOutline, METERS_PER_INCH } from '../compile/green-framing';
import { distanceValue, unitAbbreviation, type DistanceUnit } from '../yardages/distance-units';
import { greenMeasurementOf } from '../yardages/hole-yardages';
import { pt, type PageContext, type PagePainter, type PageScene } from './page-context';
import { INK, MUTED_INK, paintFooter, paintHeaderBand, paintMissingNotice, paintPaper, text } from './page-furniture';
import { greenArt, type PlacedArt } from './renderer-art';
import { greenArtFrame } from '../compile/raster-plan';
import { RULE_43_MIN_SCALE_DENOMINATOR } from '../templates/page-sizes';
import { GREEN_EDGE_COLOR, SCALE_BAR_COLOR, SCALE_BAR_YARDS } from './scale-bar';
import { greenSlopeArrows, paintSlopeArrows } from './slope-arrows';

/** Green pages from template version 3 on: slope-coloured vector arrows, grid numbers, a haloed centre mark. */
export function keyedGreenPages(templateId: string): boolean {
  return Number(templateId.split('@')[1]) >= 3;
}

export function prepareGreenPage(scene: PageScene, dpi: number): PagePainter {
  const hole = scene.course.holes.find((h) => h.number === scene.page.holeNumber) as Hole;
  const frames = bookPageFrames(scene.width / 72, scene.height / 72, GREEN_PAGE_TABLE_IN);
  const options = scene.manifest.options;
  const unit = (options.units === 'meters' ? 'meters' : 'yards') as DistanceUnit;
  const outline = greenOutline(scene.course, hole);
  const denominator = scene.page.greenScaleDenominator;
  const slopes = scene.page.holds.includes('slopes');
  const keyed = keyedGreenPages(scene.manifest.template);
  const art =
    outline && denominator
      ? greenArt(
          scene.course,
          outline,
          greenArtFrame(scene.width / 72, scene.height / 72),
          denominator,
          dpi,
          String(options.style ?? 'traditional'),
          slopes && !keyed,
        )
      : null;
  const arrows = art && keyed && slopes ? greenSlopeArrows(scene.course, hole, outline!, art) : [];
  const measurement = greenMeasurementOf(scene.course, hole);
  return (ctx) => {
    paintPaper(ctx, scene);
    paintHeaderBand(ctx, scene, frames.header, `Green ${hole.number}`, scene.manifest.courseName);
    const right = pt(frames.header.x + frames.header.width);
    const size = Math.min(22, pt(frames.header.height) * 0.42);
    if (measurement) {
      const u = unitAbbreviation(unit);
      text(
        ctx,
        `${distanceValue(yardsToMeters(measurement.depthYards), unit)} ${unitAbbreviation(unit)} deep`,
        right,
        pt(frames.header.y) + size * 1.05,
        size * 0.75,
        { align: 'right', weight: 'bold', color: '#ffffff' },
      );
      text(
        ctx,
        `${distanceValue(yardsToMeters(measurement.widthYards), unit)} ${u} wide`,
        right,
        pt(frames.header.y + frames.header.height) - size * 0.35,
        size * 0.45,
        { align: 'right', color: '#d8e6dc' },
      );
    }
    if (!art || !denominator) {
      const why = outline ? 'The green is too large for this page at any standard scale.' : 'No green is mapped for this hole in the course data.';
      paintMissingNotice(ctx, frames.art, [`Green ${hole.number}: not drawn`, why]);
      paintFooter(ctx, scene, frames.footer, false);
      return;
    }
    ctx.drawImage(art.canvas, art.x, art.y, art.width, art.height);
    const grid = paintGreenGrid(ctx, art, unit);
    paintGreenEdge(ctx, art, outline!.green.geometry.coordinates as never, outline!.green.geometry.type);
    paintSlopeArrows(ctx, arrows);
    if (measurement) paintGreenMarks(ctx, art, [measurement.front, measurement.center, measurement.back], keyed);
    if (keyed) paintGridNumbers(ctx, art, grid, unit);
    let y = paintScaleBar(ctx, frames.table, denominator, unit);
    const body = 7;
    const lines: string[] = [];
    if (measurement) {
      const f = (yards: number) => distanceValue(yardsToMeters(yards), unit);
      const toCentre = metersToYards(distanceMeters(measurement.front, measurement.center));
      const toBack = metersToYards(distanceMeters(measurement.center, measurement.back));
      lines.push(
        `Depth ${f(measurement.depthYards)} ${unitAbbreviation(unit)} front to back along the approach · width ${f(measurement.widthYards)} ${unitAbbreviation(unit)}.`,
      );
      lines.push(
        keyed
          ? `Front to centre ${f(toCentre)} · centre to back ${f(toBack)}. Grid: ${unitAbbreviation(unit)} from the centre.`
          : `Front to centre ${f(toCentre)} · centre to back ${f(toBack)}. Grid squares are 5 ${unitAbbreviation(unit)}.`,
      );
    } else {
      lines.push('Depth and width are not measured for this green in the course data.');
    }
    const measured = !scene.page.missing.includes(`hole-${hole.number}.green-elevation`);
    lines.push(
      slopes
        ? keyed
          ? 'Downhill arrows coloured by % slope (see the key), from measured elevation.'
          : 'Arrows point downhill, from measured putting-surface elevation.'
        : measured
          ? keyed
            ? 'Slopes are not drawn in the pencil style (traditional and colored-pencil show them).'
            : 'Slopes are not drawn in the pencil styles (style traditional shows them).'
          : 'No measured elevation for this green: slopes are not shown.',
    );
    lines.push('Approach from the bottom of the page.');
    if (scene.manifest.rules === 'rule-4.3') lines.push(ruleNote(denominator));
    for (const line of lines) {
      y += body * 1.45;
      text(ctx, line, pt(frames.table.x), y, body, {
        color: line.startsWith('No measured') || line.startsWith('Slopes are not') ? MUTED_INK : INK,
        maxWidth: pt(frames.table.width),
      });
    }
    paintFooter(ctx, scene, frames.footer, true);
  };
}

/** What the page's scale leaves of the Rule 4.3 limit: a margin a printer's growth cannot eat, or none. */
export function ruleNote(denominator: number): string {
  if (denominator > RULE_43_MIN_SCALE_DENOMINATOR)
    return `Rule 4.3 limit 1:${RULE_43_MIN_SCALE_DENOMINATOR}; at 1:${denominator} a print up to ${Math.floor((denominator / RULE_43_MIN_SCALE_DENOMINATOR - 1) * 1000) / 10}% larger still conforms.`;
  return `Drawn at the Rule 4.3 limit 1:${RULE_43_MIN_SCALE_DENOMINATOR}: print at 100%, not "fit to page".`;
}

function distanceMeters(a: [number, number], b: [number, number]): number {
  const k = 111_320;
  return Math.hypot((a[0] - b[0]) * k * Math.cos((a[1] * Math.PI) / 180), (a[1] - b[1]) * k);
}

interface GreenGrid {
  /** page point of the green centre the grid runs through, and the grid step in points */
  cx: number;
  cy: number;
  step: number;
}

/** Light grid every 5 yards (or metres) through the green centre, aligned with the page. */
function paintGreenGrid(ctx: PageContext, art: PlacedArt, unit: DistanceUnit): GreenGrid {
  const step = (unit === 'yards' ? yardsToMeters(5) : 5) * art.pointsPerMeter;
  const [cx, cy] = [art.x + art.width / 2, art.y + art.height / 2];
  ctx.save();
  ctx.beginPath();
  ctx.rect(art.x, art.y, art.width, art.height);
  ctx.clip();
  ctx.strokeStyle = 'rgba(255,255,255,0.55)';
  ctx.lineWidth = 0.35;
  ctx.beginPath();
  for (let k = -Math.ceil(art.width / step); k <= Math.ceil(art.width / step); k++) {
    ctx.moveTo(cx + k * step, art.y);
    ctx.lineTo(cx + k * step, art.y + art.height);
  }
  for (let k = -Math.ceil(art.height / step); k <= Math.ceil(art.height / step); k++) {
    ctx.moveTo(art.x, cy + k * step);
    ctx.lineTo(art.x + art.width, cy + k * step);
  }
  ctx.stroke();
  ctx.restore();
  return { cx, cy, step };
}

/**
 * Each grid line numbered at the frame's edge, in the book's unit from the centre: rows along the
 * left edge (+ beyond the centre, − short of it), columns along the bottom edge (left or right).
 */
function paintGridNumbers(ctx: PageContext, art: PlacedArt, { cx, cy, step }: GreenGrid, unit: DistanceUnit): void {
  const size = 7;
  const gridUnits = 5;
  const keep = size * 1.2;
  const bottom = art.y + art.height - 3;
  for (let k = -Math.floor((cy - art.y) / step); k <= Math.floor((art.y + art.height - cy) / step); k++) {
    const y = cy + k * step;
    if (y - size * 0.4 < art.y + keep * 0.5 || y > bottom - keep) continue;
    const value = -k * gridUnits;
    text(ctx, value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0', art.x + 2, y + size * 0.35, size, { weight: 'bold', color: INK, halo: true });
  }
  for (let k = -Math.floor((cx - art.x) / step); k <= Math.floor((art.x + art.width - cx) / step); k++) {
    const x = cx + k * step;
    if (x < art.x + keep * 2.2 || x > art.x + art.width - keep * 2) continue;
    text(ctx, String(Math.abs(k) * gridUnits), x, bottom, size, { weight: 'bold', color: INK, halo: true, align: 'center' });
  }
  text(ctx, unitAbbreviation(unit), art.x + art.width - 2, bottom, size, { color: INK, halo: true, align: 'right' });
}

/** The green's edge as a vector line, exactly at the page scale. */
function paintGreenEdge(ctx: PageContext, art: PlacedArt, coordinates: number[][][] | number[][][][], type: string): void {
  const polygons = (type === 'Polygon' ? [coordinates] : coordinates) as number[][][][];
  ctx.beginPath();
  for (const polygon of polygons) {
    polygon[0].forEach((c, i) => {
      const [x, y] = art.toPage([c[0], c[1]]);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.closePath();
  }
  ctx.strokeStyle = GREEN_EDGE_COLOR;
  ctx.lineWidth = 0.6;
  ctx.stroke();
}

/** Front and back ticks and the centre cross (haloed in white when `haloed`, so no arrow can hide it). */
function paintGreenMarks(ctx: PageContext, art: PlacedArt, [front, center, back]: [number, number][], haloed: boolean): void {
  for (const [point, label] of [
    [front, 'F'],
    [back, 'B'],
  ] as const) {
    const [x, y] = art.toPage(point);
    paintTick(ctx, x, y);
    text(ctx, label, x + 6, y + 2.5, 7, { weight: 'bold', color: INK, halo: true });
  }
  const [x, y] = art.toPage(center);
  if (haloed) paintCentreMark(ctx, x, y);
  else strokeCross(ctx, x, y, 0.7);
}

/** The front/back tick: a short level ink line centred on (x, y). */
export function paintTick(ctx: PageContext, x: number, y: number): void {
  strokeSegment(ctx, [x - 4, y], [x + 4, y], INK, 0.7);
}

/** One straight line in a colour and width (points). */
export function strokeSegment(ctx: PageContext, from: [number, number], to: [number, number], color: string, width: number): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(from[0], from[1]);
  ctx.lineTo(to[0], to[1]);
  ctx.stroke();
}

function strokeCross(ctx: PageContext, x: number, y: number, width: number): void {
  ctx.strokeStyle = INK;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(x - 3, y - 3);
  ctx.lineTo(x + 3, y + 3);
  ctx.moveTo(x - 3, y + 3);
  ctx.lineTo(x + 3, y - 3);
  ctx.stroke();
}

/** Centre mark: an ink cross inside a white disc and ring, visible over any arrow, grid line or turf. */
export const CENTRE_MARK_HALO_RADIUS = 5;
export function paintCentreMark(ctx: PageContext, x: number, y: number): void {
  ctx.beginPath();
  ctx.arc(x, y, CENTRE_MARK_HALO_RADIUS, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.strokeStyle = INK;
  ctx.lineWidth = 0.6;
  ctx.stroke();
  strokeCross(ctx, x, y, 0.9);
}

/**
 * A bar of SCALE_BAR_YARDS (or metres) at the page scale, ticks every 5, and the scale in words.
 * Returns the baseline (points) of its caption.
 */
export function paintScaleBar(ctx: PageContext, frame: RectIn, denominator: number, unit: DistanceUnit): number {
  const groundMeters = unit === 'yards' ? yardsToMeters(SCALE_BAR_YARDS) : SCALE_BAR_YARDS;
  const length = (groundMeters / (METERS_PER_INCH * denominator)) * 72;
  const x = pt(frame.x);
  const y = pt(frame.y) + 4;
  ctx.fillStyle = SCALE_BAR_COLOR;
  ctx.fillRect(x, y, length, 3);
  ctx.strokeStyle = INK;
  ctx.lineWidth = 0.4;
  for (let k = 0; k <= SCALE_BAR_YARDS; k += 5) {
    const tx = x + (length * k) / SCALE_BAR_YARDS;
    ctx.beginPath();
    ctx.moveTo(tx, y - 2);
    ctx.lineTo(tx, y + 5);
    ctx.stroke();
  }
  const u = unitAbbreviation(unit);
  const words = denominator === 480 ? ' (3/8 in to 5 yd)' : '';
  text(ctx, `${SCALE_BAR_YARDS} ${u}`, x + length + 5, y + 4.5, 7, { weight: 'bold' });
  text(ctx, `Scale 1:${denominator}${words}`, x + length + 5 + 26, y + 4.5, 7, { color: MUTED_INK });
  return y + 8;
}
