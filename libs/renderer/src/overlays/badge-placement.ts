/**
 * Collision avoidance for course-view hole badges: each badge sits beside its tee, on the first
 * of eight directions (starting behind the tee, away from the hole) where it covers no green,
 * no tee box of another hole and no badge already placed; when every direction collides, the
 * least-covering one wins. Work is in output pixels.
 */
import type { Course, CourseFeature, Hole } from '@caddie/catalog';
import { furthestTee } from '../composition/course-geometry';
import type { Pixel } from './overlay-instructions';
import type { OverlayScene } from './overlay-scene';

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const DIRECTIONS = 8;

export interface PlacedBadge {
  hole: Hole;
  at: Pixel;
  /** the tee the badge names */
  tee: Pixel;
}

function boxOf(points: readonly Pixel[]): Box {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX);
  const h = Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Pixel boxes of the surfaces a badge must not hide: every green, and tee boxes of other holes. */
function obstacles(course: Course, scene: OverlayScene, hole: Hole): Box[] {
  const boxes: Box[] = [];
  const polygonal = (f: CourseFeature) => f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon';
  for (const f of course.features) {
    if (!polygonal(f)) continue;
    const green = f.properties.layer === 'greens';
    const otherTee = f.properties.layer === 'tees' && !f.properties.holeNumbers.includes(hole.number);
    if (!green && !otherTee) continue;
    const rings = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as number[][][][];
    boxes.push(boxOf(rings.flatMap((polygon) => polygon[0]).map(([lon, lat]) => scene.project([lon, lat]))));
  }
  return boxes;
}

export function placeTeeBadges(scene: OverlayScene, radius: number): PlacedBadge[] {
  const placed: PlacedBadge[] = [];
  const badgeBoxes: Box[] = [];
  for (const hole of scene.course.holes) {
    const teeLonLat = furthestTee(hole)?.center ?? hole.centerline[0];
    if (!teeLonLat) continue;
    const tee = scene.project(teeLonLat);
    const ahead = hole.centerline.length >= 2 ? scene.project(hole.centerline[1]) : [tee[0], tee[1] - 1];
    const behind = Math.atan2(tee[1] - ahead[1], tee[0] - ahead[0]);
    const avoid = [...obstacles(scene.course, scene, hole), ...badgeBoxes];
    // the badge stands clear of its own tee marker: one radius and a little more from the tee centre
    const reach = radius * 2.2;
    let best: { at: Pixel; cost: number } | null = null;
    for (let k = 0; k < DIRECTIONS; k++) {
      // behind first, then alternating either side of it
      const step = Math.ceil(k / 2) * (k % 2 === 1 ? 1 : -1);
      const angle = behind + (step * 2 * Math.PI) / DIRECTIONS;
      const at: Pixel = [tee[0] + Math.cos(angle) * reach, tee[1] + Math.sin(angle) * reach];
      const box = { minX: at[0] - radius, minY: at[1] - radius, maxX: at[0] + radius, maxY: at[1] + radius };
      const outside = Math.max(0, -box.minX) + Math.max(0, -box.minY) + Math.max(0, box.maxX - scene.width) + Math.max(0, box.maxY - scene.height);
      const cost = avoid.reduce((sum, b) => sum + overlapArea(box, b), 0) + outside * radius * 4;
      if (!best || cost < best.cost) best = { at, cost };
      if (cost === 0) break;
    }
    const at = best!.at;
    badgeBoxes.push({ minX: at[0] - radius, minY: at[1] - radius, maxX: at[0] + radius, maxY: at[1] + radius });
    placed.push({ hole, at, tee });
  }
  return placed;
}
