/**
 * Fairway downhill chevrons (spec overlay table): the course elevation grid sampled on a lattice
 * of square cells over the hole's fairways (9, 6 or 3 metres by preset; `auto` picks the finest
 * cell that still leaves a legible cluster at this graphic's scale), each cell's fall line shown
 * as one to three nested chevrons pointing downhill. Clusters the canvas would clip are omitted,
 * so a green crop shows only whole clusters.
 */
import { CHEVRON_ELEVATION_REQUIRED_METERS, ElevationTooCoarseError, elevationShortfall, shortfallExtras } from '../render/elevation-resolution';
import type { CourseFeature, Hole } from '@caddie/catalog';
import { sampleElevationGrid, type LocalProjection } from '@caddie/geometry';
import { CHEVRON_CELL_METERS, OverlayDataMissingError, type OverlayItemOf } from '@caddie/styles';
// even-odd containment of a polygon's rings, the same rule for fairways as for greens
import { insideGreen } from '../green-data/green-outline';
import type { ComponentResolution } from './component-resolution';
import { overlayStroke, px, round2, type OverlayInstruction, type Pixel } from './overlay-instructions';
import type { OverlayScene } from './overlay-scene';

type Preset = keyof typeof CHEVRON_CELL_METERS;
/** auto: a cluster needs this many pixels at the default size to read as chevrons */
const LEGIBLE_CLUSTER_PIXELS = 40;
/** slope (rise per metre) for two and three nested chevrons */
const STEEPER = [0.03, 0.06];
/** gradient taken across this many metres */
const GRADIENT_STEP_METERS = 2;

export function chevronPreset(requested: string, pixelsPerMeter: number, legiblePixels: number): Preset {
  if (requested !== 'auto') return requested as Preset;
  for (const preset of ['small', 'medium', 'large'] as const) if (CHEVRON_CELL_METERS[preset] * pixelsPerMeter >= legiblePixels) return preset;
  return 'large';
}

function fairwayRings(features: CourseFeature[], frame: LocalProjection): [number, number][][][] {
  return features.map((f) => {
    const polygons = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as number[][][][];
    return polygons.flat().map((ring) => ring.map(([lon, lat]) => frame.toMeters([lon, lat]) as [number, number]));
  });
}

export function resolveFairwayChevrons(item: OverlayItemOf<'fairway-downhill-chevrons'>, scene: OverlayScene): ComponentResolution {
  const hole: Hole = scene.hole();
  const ground = scene.course.elevation.ground;
  if (!ground) throw new OverlayDataMissingError('elevation-missing', `course ${scene.course.id} has no elevation model for fairway chevrons`);
  const shortfall = elevationShortfall(ground, CHEVRON_ELEVATION_REQUIRED_METERS, 'fairway downhill chevrons');
  if (shortfall) throw new OverlayDataMissingError('elevation-too-coarse', new ElevationTooCoarseError(shortfall).message, shortfallExtras(shortfall));
  const fairways = scene.course.features.filter(
    (f) =>
      f.properties.layer === 'fairways' &&
      f.properties.holeNumbers.includes(hole.number) &&
      (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon'),
  );
  const origin = hole.greenCenter ?? hole.centerline[0];
  if (!origin) throw new OverlayDataMissingError('hole-geometry-missing', `hole ${hole.number} has no mapped geometry`);
  const frame = scene.localFrame(origin as [number, number]);
  const preset = chevronPreset(item.preset, scene.pixelsPerMeter, scene.sizes.pixels(LEGIBLE_CLUSTER_PIXELS));
  const cell = CHEVRON_CELL_METERS[preset];
  const s = item.style;
  const stroke = overlayStroke(s.color, s.strokeWidth, 'solid', s.opacity);
  const minimumSlope = item.minimumSlopePercent / 100;
  const height = (x: number, y: number) => {
    const [lon, lat] = frame.toLonLat([x, y]);
    return sampleElevationGrid(ground, lon, lat);
  };
  const instructions: OverlayInstruction[] = [];
  let clusters = 0;
  let clipped = 0;
  for (const rings of fairwayRings(fairways, frame)) {
    const xs = rings.flat().map((p) => p[0]);
    const ys = rings.flat().map((p) => p[1]);
    for (let y = Math.floor(Math.min(...ys) / cell) * cell + cell / 2; y < Math.max(...ys); y += cell) {
      for (let x = Math.floor(Math.min(...xs) / cell) * cell + cell / 2; x < Math.max(...xs); x += cell) {
        if (!insideGreen(rings, x, y)) continue;
        const [e, w, n, so] = [
          height(x + GRADIENT_STEP_METERS, y),
          height(x - GRADIENT_STEP_METERS, y),
          height(x, y + GRADIENT_STEP_METERS),
          height(x, y - GRADIENT_STEP_METERS),
        ];
        if (e === null || w === null || n === null || so === null) continue;
        const gx = (e - w) / (2 * GRADIENT_STEP_METERS);
        const gy = (n - so) / (2 * GRADIENT_STEP_METERS);
        const slope = Math.hypot(gx, gy);
        if (slope < minimumSlope) continue;
        const cluster = chevronCluster(scene, frame, [x, y], [-gx / slope, -gy / slope], cell, 1 + STEEPER.filter((t) => slope >= t).length);
        const all = cluster.flat();
        if (all.some(([px0, py0]) => px0 < 0 || py0 < 0 || px0 > scene.width || py0 > scene.height)) {
          clipped++;
          continue;
        }
        clusters++;
        for (const points of cluster) instructions.push({ kind: 'polyline', points: points.map((p) => px(p)), closed: false, stroke });
      }
    }
  }
  return {
    presentation: {
      preset,
      cellMeters: cell,
      clusters,
      clippedClustersOmitted: clipped,
      meaning: 'local downhill direction of the fairway',
      style: s,
      cellPixels: round2(cell * scene.pixelsPerMeter),
    },
    instructions,
  };
}

/** `count` nested chevrons (each an open three-point line) in one cell, tips pointing downhill. */
function chevronCluster(scene: OverlayScene, frame: LocalProjection, center: [number, number], down: [number, number], cell: number, count: number): Pixel[][] {
  const across: [number, number] = [-down[1], down[0]];
  const arm = cell * 0.28;
  const depth = cell * 0.18;
  const gap = cell * 0.16;
  const toPixel = (x: number, y: number) => scene.project(frame.toLonLat([x, y]));
  const chevrons: Pixel[][] = [];
  for (let i = 0; i < count; i++) {
    const offset = (i - (count - 1) / 2) * gap;
    const tip: [number, number] = [center[0] + down[0] * (offset + depth / 2), center[1] + down[1] * (offset + depth / 2)];
    const back: [number, number] = [tip[0] - down[0] * depth, tip[1] - down[1] * depth];
    chevrons.push([
      toPixel(back[0] + across[0] * arm, back[1] + across[1] * arm),
      toPixel(tip[0], tip[1]),
      toPixel(back[0] - across[0] * arm, back[1] - across[1] * arm),
    ]);
  }
  return chevrons;
}
