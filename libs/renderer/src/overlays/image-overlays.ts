/** Components framed by the image: the yardage grid, tee boxes, their legend and the hole number. */
import type { Course, CourseFeature, Hole } from '@caddie/catalog';
import type { MultiPolygon, Polygon } from 'geojson';
import { OverlayDataMissingError } from '@caddie/styles';
import type { ImageCorner } from '@caddie/styles';
import { labelAt, overlayStroke, px, round2, type OverlayInstruction, type Pixel } from './overlay-instructions';
import type { OverlayItemOf } from '@caddie/styles';
import type { OverlayScene } from './overlay-scene';
import type { ComponentResolution } from './component-resolution';
import { placeTeeBadges } from './badge-placement';

/** A denser grid says nothing on the image and bloats the response. */
const MAX_GRID_LINES = 1000;

export function resolveGrids(item: OverlayItemOf<'grids'>, scene: OverlayScene): ComponentResolution {
  const [, , c, d] = scene.context.sidecar.projection!.matrix;
  const subject = scene.context.request.subject;
  // origin and axes in pixels: the green centre and the play direction, else the image centre and north
  let origin: Pixel = [scene.width / 2, scene.height / 2];
  let along: Pixel = [c, d];
  let orientation = 'north';
  if (subject.type !== 'course') {
    const hole = scene.hole();
    origin = scene.project(scene.greenCenter(hole));
    if (item.orientation === 'play-line') {
      const tee = scene.project(scene.playLine(hole)[0]);
      along = [origin[0] - tee[0], origin[1] - tee[1]];
      orientation = 'play-line';
    }
  }
  const length = Math.hypot(along[0], along[1]);
  const u: Pixel = [along[0] / length, along[1] / length];
  const v: Pixel = [-u[1], u[0]];
  const spacing = scene.yardsToPixels(item.spacingYards);
  const reach = Math.ceil((Math.hypot(scene.width, scene.height) + Math.hypot(origin[0] - scene.width / 2, origin[1] - scene.height / 2)) / spacing);
  if (4 * reach + 2 > MAX_GRID_LINES) {
    throw new OverlayDataMissingError('grid-too-dense', `${item.spacingYards}-yard spacing is ${round2(spacing)} pixels on this image; choose a wider spacing`);
  }
  const s = item.style;
  const stroke = overlayStroke(s.strokeColor, s.strokeWidth, s.strokeStyle, s.opacity);
  const instructions: OverlayInstruction[] = [];
  for (const [offsetAxis, lineAxis] of [
    [v, u],
    [u, v],
  ] as const) {
    for (let k = -reach; k <= reach; k++) {
      const through: Pixel = [origin[0] + offsetAxis[0] * k * spacing, origin[1] + offsetAxis[1] * k * spacing];
      const segment = clipToImage(through, lineAxis, scene.width, scene.height);
      if (segment) instructions.push({ kind: 'line', from: px(segment[0]), to: px(segment[1]), stroke });
    }
  }
  return { presentation: { spacingYards: item.spacingYards, spacingPixels: round2(spacing), orientation, style: s }, instructions };
}

/** The part of the infinite line through `p` along `dir` inside the image (Liang-Barsky). */
function clipToImage(p: Pixel, dir: Pixel, width: number, height: number): [Pixel, Pixel] | null {
  let t0 = -Infinity;
  let t1 = Infinity;
  for (const [q, dq, max] of [
    [p[0], dir[0], width],
    [p[1], dir[1], height],
  ] as const) {
    if (Math.abs(dq) < 1e-12) {
      if (q < 0 || q > max) return null;
      continue;
    }
    const [ta, tb] = [(0 - q) / dq, (max - q) / dq].sort((x, y) => x - y);
    t0 = Math.max(t0, ta);
    t1 = Math.min(t1, tb);
  }
  if (!(t1 > t0)) return null;
  return [
    [p[0] + dir[0] * t0, p[1] + dir[1] * t0],
    [p[0] + dir[0] * t1, p[1] + dir[1] * t1],
  ];
}

function teeFeatures(course: Course, holes: readonly Hole[]): CourseFeature[] {
  const numbers = new Set(holes.map((h) => h.number));
  return course.features.filter(
    (f) =>
      f.properties.layer === 'tees' &&
      (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon') &&
      f.properties.holeNumbers.some((n) => numbers.has(n)),
  );
}

export function resolveTeeboxes(item: OverlayItemOf<'teeboxes'>, scene: OverlayScene): ComponentResolution {
  const features = teeFeatures(scene.course, scene.holes());
  if (features.length === 0) throw new OverlayDataMissingError('tee-missing', 'the view has no mapped tee box');
  const s = item.style;
  const instructions: OverlayInstruction[] = [];
  for (const feature of features) {
    const set = scene.course.teeSets.find((t) => t.id === feature.properties.teeSetId);
    const color = s.color ?? set?.color?.toUpperCase() ?? '#FFFFFF';
    const geometry = feature.geometry as Polygon | MultiPolygon;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of polygons) {
      instructions.push({
        kind: 'polyline',
        points: polygon[0].map((p) => px(scene.project([p[0], p[1]]))),
        closed: true,
        stroke: overlayStroke(color, s.strokeWidth, 'solid'),
        ...(s.fillOpacity > 0 ? { fill: { color, opacity: s.fillOpacity } } : {}),
      });
    }
  }
  return { presentation: { style: s }, instructions };
}

export function resolveTeeboxesLegend(item: OverlayItemOf<'teeboxes-legend'>, scene: OverlayScene): ComponentResolution {
  const single = scene.context.request.subject.type === 'course' ? null : scene.hole();
  const rows = legendRows(scene, single, item.showYards);
  if (rows.length === 0) throw new OverlayDataMissingError('tee-sets-missing', 'the course names no tee sets for this view');
  const s = item.style;
  const rowHeight = Math.max(s.swatchSize, s.labelSize) + scene.sizes.pixels(12);
  const [vertical, horizontal] = item.position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  const right = horizontal === 'right';
  const swatchX = right ? scene.width - s.margin - s.swatchSize / 2 : s.margin + s.swatchSize / 2;
  const textGap = scene.sizes.pixels(8);
  const textX = right ? swatchX - s.swatchSize / 2 - textGap : swatchX + s.swatchSize / 2 + textGap;
  const instructions: OverlayInstruction[] = [];
  rows.forEach((row, i) => {
    const y = vertical === 'top' ? s.margin + rowHeight * (i + 0.5) : scene.height - s.margin - rowHeight * (rows.length - i - 0.5);
    instructions.push({
      kind: 'marker',
      at: px([swatchX, y]),
      shape: 'square',
      sizePixels: s.swatchSize,
      fill: { color: row.color, opacity: 1 },
      stroke: overlayStroke(s.labelColor, round2(scene.sizes.pixels(1)), 'solid'),
    });
    const label = {
      labelSize: s.labelSize,
      labelColor: s.labelColor,
      labelBackgroundColor: s.backgroundColor,
      labelXPadding: round2(scene.sizes.pixels(6)),
      labelYPadding: round2(scene.sizes.pixels(3)),
      labelGap: 0,
    };
    instructions.push(labelAt([textX, y], row.text, label, right ? 'right' : 'left', 'middle'));
  });
  return { presentation: { position: item.position, showYards: item.showYards, entries: rows.map((r) => r.text), style: s }, instructions };
}

/** Tee sets, longest first for a hole (with its yards when known), in catalog order for a course. */
function legendRows(scene: OverlayScene, hole: Hole | null, showYards: boolean): { text: string; color: string }[] {
  const sets = scene.course.teeSets;
  if (!hole) return sets.map((set) => ({ text: set.name, color: set.color?.toUpperCase() ?? '#FFFFFF' }));
  const tees = hole.tees.filter((t) => sets.some((set) => set.id === t.teeSetId));
  tees.sort((p, q) => (q.yards ?? -1) - (p.yards ?? -1));
  return tees.map((tee) => {
    const name = scene.teeSetName(tee) as string;
    return { text: showYards && tee.yards !== null ? `${name} ${Math.round(tee.yards)}` : name, color: scene.teeSetColor(tee) ?? '#FFFFFF' };
  });
}

export function resolveHoleNumber(item: OverlayItemOf<'hole-number'>, scene: OverlayScene): ComponentResolution {
  const s = item.style;
  const radius = s.size * 0.75;
  const course = scene.context.request.subject.type === 'course';
  const places: { hole: Hole; at: Pixel }[] = [];
  if (course) {
    // badges stand beside their tees, clear of greens, other holes' tees and each other
    for (const { hole, at } of placeTeeBadges(scene, radius)) places.push({ hole, at });
  } else {
    places.push({ hole: scene.hole(), at: cornerPoint(item.position, radius + s.margin, scene) });
  }
  const instructions: OverlayInstruction[] = [];
  for (const { hole, at } of places) {
    if (s.shape === 'circle')
      instructions.push({ kind: 'circle', center: px(at), radiusPixels: round2(radius), fill: { color: s.backgroundColor, opacity: 1 } });
    const text = { labelSize: s.size, labelColor: s.color, labelBackgroundColor: s.backgroundColor, labelXPadding: 0, labelYPadding: 0, labelGap: 0 };
    const label = labelAt(at, String(hole.number), text);
    if (label.kind === 'label' && s.shape === 'circle') delete label.background;
    instructions.push(label);
  }
  return { presentation: { position: course ? 'tees' : item.position, style: s }, instructions };
}

function cornerPoint(corner: ImageCorner, inset: number, scene: OverlayScene): Pixel {
  const [vertical, horizontal] = corner.split('-');
  return [horizontal === 'left' ? inset : scene.width - inset, vertical === 'top' ? inset : scene.height - inset];
}
