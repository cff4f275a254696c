/**
 * The course drawn as vectors (overview page, poster): every mapped feature as a filled path in
 * print colours, north up, hole numbers at the tees. Nothing is rasterized, so it stays sharp at
 * any poster size.
 */
import type { Course, CourseFeature, GeometryLayer, Hole, LonLat } from '@caddie/catalog';
import { geometryVertices, LocalProjection } from '@caddie/geometry';
import type { RectIn } from '../compile/page-layout';
import { pt, type PageContext } from './page-context';
import { text } from './page-furniture';

interface LayerInk {
  fill?: string;
  stroke?: string;
  /** stroke width in metres on the ground (lines and edges scale with the map) */
  strokeMeters?: number;
  /** minimum stroke width in points */
  minStroke?: number;
}

/** Drawn bottom to top. */
const LAYER_INKS: [GeometryLayer, LayerInk][] = [
  ['course-boundary', { fill: '#dfe8d2' }],
  ['land-surfaces', { fill: '#d3e2c3' }],
  ['parking', { fill: '#e3e0da' }],
  ['roads', { stroke: '#cfc8bd', strokeMeters: 6, minStroke: 0.6 }],
  ['trees', { fill: '#9dbf8c', stroke: '#86ad75', strokeMeters: 0.5, minStroke: 0.2 }],
  ['fairways', { fill: '#a9d68f', stroke: '#8fc274', strokeMeters: 0.6, minStroke: 0.25 }],
  ['tees', { fill: '#a3d488', stroke: '#6ea456', strokeMeters: 0.5, minStroke: 0.25 }],
  ['greens', { fill: '#7fca6a', stroke: '#4f9a3f', strokeMeters: 0.6, minStroke: 0.3 }],
  ['waste', { fill: '#ece1c8' }],
  ['bunkers', { fill: '#f2e6c4', stroke: '#c9b27a', strokeMeters: 0.5, minStroke: 0.25 }],
  ['water', { fill: '#a6d3e6', stroke: '#6fa8c4', strokeMeters: 0.8, minStroke: 0.3 }],
  ['buildings', { fill: '#cbbfb0', stroke: '#a89a88', strokeMeters: 0.4, minStroke: 0.2 }],
  ['cart-paths', { stroke: '#bdb6ab', strokeMeters: 2.2, minStroke: 0.35 }],
];

/** Trees mapped as points get a crown of this radius. */
const TREE_CROWN_METERS = 5;

export interface CourseMapFrame {
  toPage(point: LonLat): [number, number];
  pointsPerMeter: number;
  /** where north points on the page, degrees clockwise from up (0 or 90) */
  northDegrees: number;
}

/**
 * Fit of the course's features into the frame (points): north up, or north to the right when
 * turning the course a quarter makes it larger (a wide course on a tall page).
 */
export function fitCourseMap(course: Course, frame: RectIn, paddingPt: number): CourseMapFrame {
  const points = course.features
    .filter((f) => f.properties.layer !== 'course-boundary' && f.properties.layer !== 'roads')
    .flatMap((f) => geometryVertices(f.geometry));
  const all = points.length > 0 ? points : course.holes.flatMap((h) => h.centerline);
  const lons = all.map((p) => p[0]);
  const lats = all.map((p) => p[1]);
  const center: LonLat = [(Math.min(...lons) + Math.max(...lons)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
  const projection = new LocalProjection(center);
  const meters = all.map((p) => projection.toMeters(p));
  const spanX = Math.max(1, Math.max(...meters.map((m) => m[0])) - Math.min(...meters.map((m) => m[0])));
  const spanY = Math.max(1, Math.max(...meters.map((m) => m[1])) - Math.min(...meters.map((m) => m[1])));
  const w = pt(frame.width) - 2 * paddingPt;
  const h = pt(frame.height) - 2 * paddingPt;
  const upright = Math.min(w / spanX, h / spanY);
  const turned = Math.min(w / spanY, h / spanX);
  const scale = Math.max(upright, turned);
  const turn = turned > upright * 1.05;
  const cx = pt(frame.x + frame.width / 2);
  const cy = pt(frame.y + frame.height / 2);
  return {
    pointsPerMeter: scale,
    northDegrees: turn ? 90 : 0,
    toPage: (p) => {
      const [x, y] = projection.toMeters(p);
      return turn ? [cx + y * scale, cy + x * scale] : [cx + x * scale, cy - y * scale];
    },
  };
}

function tracePath(ctx: PageContext, feature: CourseFeature, map: CourseMapFrame): 'area' | 'line' | 'point' {
  const g = feature.geometry;
  const ring = (coords: number[][], close: boolean) => {
    coords.forEach((c, i) => {
      const [x, y] = map.toPage([c[0], c[1]]);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    if (close) ctx.closePath();
  };
  switch (g.type) {
    case 'Polygon':
      g.coordinates.forEach((r) => ring(r, true));
      return 'area';
    case 'MultiPolygon':
      g.coordinates.forEach((p) => p.forEach((r) => ring(r, true)));
      return 'area';
    case 'LineString':
      ring(g.coordinates, false);
      return 'line';
    case 'MultiLineString':
      g.coordinates.forEach((l) => ring(l, false));
      return 'line';
    case 'Point': {
      const [x, y] = map.toPage(g.coordinates as LonLat);
      const r = Math.max(0.8, TREE_CROWN_METERS * map.pointsPerMeter);
      ctx.moveTo(x + r, y);
      ctx.arc(x, y, r, 0, Math.PI * 2);
      return 'point';
    }
  }
}

/** Paints every feature of the course inside `clip` (points). */
export function paintCourseMap(ctx: PageContext, course: Course, map: CourseMapFrame, clip: RectIn | null): void {
  ctx.save();
  if (clip) {
    ctx.beginPath();
    ctx.rect(pt(clip.x), pt(clip.y), pt(clip.width), pt(clip.height));
    ctx.clip();
  }
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const [layer, ink] of LAYER_INKS) {
    for (const feature of course.features) {
      if (feature.properties.layer !== layer) continue;
      ctx.beginPath();
      const shape = tracePath(ctx, feature, map);
      if (shape !== 'line' && ink.fill) {
        ctx.fillStyle = ink.fill;
        ctx.fill('evenodd');
      }
      if (ink.stroke) {
        ctx.strokeStyle = ink.stroke;
        ctx.lineWidth = Math.max(ink.minStroke ?? 0.2, (ink.strokeMeters ?? 1) * map.pointsPerMeter);
        ctx.stroke();
      }
    }
  }
  paintPlayLines(ctx, course.holes, map);
  ctx.restore();
}

/** Thin dashed play lines and a numbered badge at each hole's tee. */
function paintPlayLines(ctx: PageContext, holes: Hole[], map: CourseMapFrame): void {
  const badge = Math.max(4, Math.min(40, 13 * map.pointsPerMeter));
  for (const hole of holes) {
    if (hole.centerline.length < 2) continue;
    ctx.beginPath();
    hole.centerline.forEach((p, i) => {
      const [x, y] = map.toPage(p);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.strokeStyle = 'rgba(255,255,255,0.9)';
    ctx.lineWidth = Math.max(0.3, badge * 0.08);
    ctx.setLineDash([badge * 0.3, badge * 0.25]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  for (const hole of holes) {
    if (hole.centerline.length < 2) continue;
    const [x, y] = map.toPage(hole.centerline[0]);
    ctx.beginPath();
    ctx.arc(x, y, badge, 0, Math.PI * 2);
    ctx.fillStyle = '#1f4d3a';
    ctx.fill();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = badge * 0.12;
    ctx.stroke();
    text(ctx, String(hole.number), x, y + badge * 0.38, badge * 1.05, { align: 'center', weight: 'bold', color: '#ffffff', family: 'condensed' });
  }
}
