/**
 * The numbers drawn on a hole's artwork, beside what they measure: arcs at the lay-up distances
 * around the green centre (they follow a dogleg because each arc crosses the play line where the
 * green centre is that far) with the front and back of the green, and beside every hazard the
 * distance to reach and to carry it from each tee set (a greenside hazard: where it lies from the
 * green's front edge). Labels are placed by a greedy box placer so none overlaps another.
 */
import type { Course, LonLat } from '@caddie/catalog';
import type { DistanceUnit } from '../yardages/distance-units';
import type { Hazard, HoleYardages } from '../yardages/hole-yardages';
import { hazardRows, layUpRows, type HazardRow } from '../yardages/yardage-rows';
import type { PageContext } from './page-context';
import { INK, text, textWidth } from './page-furniture';
import { besideCandidates, LabelPlacer, type Box } from './label-placer';
import type { PlacedArt } from './renderer-art';

/** half the width of a yardage arc, metres on the ground (about a fairway) */
const ARC_HALF_WIDTH_METERS = 26;
const ARC_INK = '#1d2621';

interface Label {
  lines: { value: string; weight: 'bold' | 'normal' }[];
  /** what the label measures, page points */
  target: Box;
  /** a second place it may sit beside (the other end of an arc), tried in turn with the first */
  alternative?: Box;
  prefer: 'left' | 'right';
  /** draw a thin leader to the target when the label sits away from it */
  leader: boolean;
}

export interface HoleNumbersResult {
  /** labels drawn, with their boxes (page points) */
  placed: Box[];
  /** hazards whose numbers found no free room on the drawing */
  hazardsLeftOut: number;
}

/** `withLetters`: prefix hazard labels with the table's letters (hole sheets print the table too). */
export function paintHoleNumbers(
  ctx: PageContext,
  course: Course,
  art: PlacedArt,
  yardages: HoleYardages,
  size: number,
  unit: DistanceUnit,
  withLetters: boolean,
): HoleNumbersResult {
  const frame: Box = { x0: art.x + 2, y0: art.y + 2, x1: art.x + art.width - 2, y1: art.y + art.height - 2 };
  const placer = new LabelPlacer(frame);
  const placed: Box[] = [];
  ctx.save();
  ctx.beginPath();
  ctx.rect(art.x, art.y, art.width, art.height);
  ctx.clip();
  const arcLabels = paintLayUpArcs(ctx, art, yardages, unit);
  const rows = hazardRows(yardages, unit);
  const hazardLabels = yardages.hazards.map((hazard, i) => hazardLabel(course, art, hazard, rows[i], frame, withLetters));
  let hazardsLeftOut = 0;
  // carries first: a hazard's numbers matter more than an arc's front and back
  for (const label of [...hazardLabels, ...arcLabels]) {
    const box = placeLabel(ctx, placer, label, size);
    if (box) {
      placed.push(box);
      drawLabel(ctx, label, box, size);
    } else if (hazardLabels.includes(label)) hazardsLeftOut++;
  }
  ctx.restore();
  return { placed, hazardsLeftOut };
}

const lineHeight = (size: number) => size * 1.3;

function labelSize(ctx: PageContext, label: Label, size: number): { width: number; height: number } {
  const width = Math.max(...label.lines.map((l) => textWidth(ctx, l.value, size, l.weight, 'condensed')));
  return { width: width + size * 0.5, height: label.lines.length * lineHeight(size) + size * 0.2 };
}

function placeLabel(ctx: PageContext, placer: LabelPlacer, label: Label, size: number): Box | null {
  const { width, height } = labelSize(ctx, label, size);
  const first = besideCandidates(label.target, width, height, label.prefer, size * 0.3);
  if (!label.alternative) return placer.place(width, height, first);
  return placer.place(width, height, alternate(first, besideCandidates(label.alternative, width, height, 'left', size * 0.3)));
}

/** a, b, a, b, …: the nearest places beside both ends of an arc before farther ones */
function* alternate<T>(a: Iterator<T>, b: Iterator<T>): Generator<T> {
  for (;;) {
    const [x, y] = [a.next(), b.next()];
    if (!x.done) yield x.value;
    if (!y.done) yield y.value;
    if (x.done && y.done) return;
  }
}

function drawLabel(ctx: PageContext, label: Label, box: Box, size: number): void {
  if (label.leader) leader(ctx, box, label.target, size);
  // a white plate keeps the numbers readable over turf, sand and grid lines
  ctx.fillStyle = 'rgba(255,255,255,0.86)';
  ctx.fillRect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
  label.lines.forEach((line, i) => {
    const baseline = box.y0 + size * 0.1 + i * lineHeight(size) + size * 0.98;
    text(ctx, line.value, box.x0 + size * 0.25, baseline, size, { weight: line.weight, family: 'condensed', color: INK });
  });
}

/** A thin line from the label to the nearest point of what it measures, when they do not touch. */
function leader(ctx: PageContext, box: Box, target: Box, size: number): void {
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const tx = clamp(cx, target.x0, target.x1);
  const ty = clamp(cy, target.y0, target.y1);
  const fx = clamp(tx, box.x0, box.x1);
  const fy = clamp(ty, box.y0, box.y1);
  if (Math.hypot(tx - fx, ty - fy) < size * 0.8) return;
  ctx.beginPath();
  ctx.moveTo(fx, fy);
  ctx.lineTo(tx, ty);
  ctx.strokeStyle = ARC_INK;
  ctx.lineWidth = 0.45;
  ctx.stroke();
}

/** Arcs around the green centre through each lay-up point, and their labels (front-back of the green). */
function paintLayUpArcs(ctx: PageContext, art: PlacedArt, yardages: HoleYardages, unit: DistanceUnit): Label[] {
  const centre = yardages.green?.center;
  if (!centre) return [];
  const [cx, cy] = art.toPage(centre);
  const rows = layUpRows(yardages, unit);
  return yardages.layUps.map((layUp, i) => {
    const [px, py] = art.toPage(layUp.point);
    const r = Math.hypot(px - cx, py - cy);
    const angle = Math.atan2(py - cy, px - cx);
    const half = Math.min(0.6, (ARC_HALF_WIDTH_METERS * art.pointsPerMeter) / Math.max(r, 1));
    for (const [width, color] of [
      [1.8, '#ffffff'],
      [0.7, ARC_INK],
    ] as const) {
      ctx.beginPath();
      ctx.arc(cx, cy, r, angle - half, angle + half);
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.stroke();
    }
    const ends = [angle - half, angle + half].map((a) => [cx + r * Math.cos(a), cy + r * Math.sin(a)] as [number, number]).sort((a, b) => b[0] - a[0]);
    const row = rows[i];
    const [ex, ey] = ends[0];
    const [ax, ay] = ends[1];
    return {
      lines: [
        { value: row.label, weight: 'bold' as const },
        { value: `${row.front}-${row.back}`, weight: 'normal' as const },
      ],
      target: { x0: ex - 1, y0: ey - 1, x1: ex + 1, y1: ey + 1 },
      alternative: { x0: ax - 1, y0: ay - 1, x1: ax + 1, y1: ay + 1 },
      prefer: 'right' as const,
      leader: true,
    };
  });
}

function hazardLabel(course: Course, art: PlacedArt, hazard: Hazard, row: HazardRow, frame: Box, withLetters: boolean): Label {
  const target = hazardBox(course, art, hazard, frame);
  const letter = withLetters ? `${hazard.label} ` : '';
  const centreX = (target.x0 + target.x1) / 2;
  const roomSide: 'left' | 'right' = centreX > (frame.x0 + frame.x1) / 2 ? 'right' : 'left';
  if (hazard.greenside && row.greenside !== null) {
    const where = row.greenside.split(', ').slice(1).join(', ') || row.greenside;
    const position = hazard.greenside.position;
    const prefer = position.includes('left') ? 'left' : position.includes('right') ? 'right' : roomSide;
    return { lines: [{ value: `${letter}${where}`, weight: 'bold' }], target, prefer, leader: true };
  }
  const cells = row.fromTees.map((cell) => (cell === '—' ? ['—', '—'] : cell.split('/').map((v) => v || '—')));
  const prefer = hazard.side === 'left' ? 'left' : hazard.side === 'right' ? 'right' : roomSide;
  return {
    lines: [
      { value: `${letter}${cells.map((c) => c[0]).join(' ')}`, weight: 'normal' },
      { value: `${' '.repeat(letter.length ? 2 : 0)}${cells.map((c) => c[1]).join(' ')}`, weight: 'bold' },
    ],
    target,
    prefer,
    leader: true,
  };
}

/** ground around where a hazard is reached that its label describes: a lake's far shore is not what the number measures */
const HAZARD_WINDOW_METERS = 35;

/** The hazard's outline near where it is reached, on the page (clamped to the frame); a point box without an outline. */
function hazardBox(course: Course, art: PlacedArt, hazard: Hazard, frame: Box): Box {
  const feature = course.features.find((f) => f.id === hazard.featureId);
  const points: LonLat[] = [];
  const geometry = feature?.geometry;
  if (geometry?.type === 'Polygon') points.push(...(geometry.coordinates[0] as LonLat[]));
  if (geometry?.type === 'MultiPolygon') for (const polygon of geometry.coordinates) points.push(...(polygon[0] as LonLat[]));
  const [nx, ny] = art.toPage(hazard.nearPoint);
  const window = HAZARD_WINDOW_METERS * art.pointsPerMeter;
  const page = points.map((p) => art.toPage(p)).filter(([x, y]) => Math.abs(x - nx) <= window && Math.abs(y - ny) <= window);
  page.push([nx, ny]);
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
  const xs = page.map((p) => clamp(p[0], frame.x0, frame.x1));
  const ys = page.map((p) => clamp(p[1], frame.y0, frame.y1));
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}
