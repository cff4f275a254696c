/**
 * fairway-widths: cross-section lines, end points and width labels. `profile` reads the
 * catalog's measured 10-yard stations; `bearing` measures sections perpendicular to a straight
 * shot from the configured tee. Yardage targets pick the nearest station; repeats collapse.
 */
import { FAIRWAY_STATION_INTERVAL_YARDS, FAIRWAY_STATION_SNAP_METERS, findHoleFairways, type Hole, type LonLat } from '@caddie/catalog';
import { metersToYards, nearestPointOnPolyline, polylineLength, yardsToMeters, type Meters2 } from '@caddie/geometry';
import { OverlayDataMissingError } from '@caddie/styles';
import { labelBeyond, overlayStroke, px, yardLabel, type OverlayInstruction } from './overlay-instructions';
import type { OverlayItemOf } from '@caddie/styles';
import type { OverlayScene, ShotOrigin } from './overlay-scene';
import type { ComponentResolution } from './component-resolution';
import { aimDirection, leftOf, lonLatPoints, sectionAtOrigin, sectionsInside, toMeterPolygons } from './shot-geometry';

/** The default carry window of a bearing measurement, and the distance its aim is taken at. */
export const BEARING_WINDOW_YARDS = { from: 220, to: 260 } as const;
const BEARING_AIM_YARDS = 240;

/** One cross-section, `yards` counted from the configured tee. */
interface Section {
  yards: number;
  widthYards: number;
  left: LonLat;
  right: LonLat;
}

export function resolveFairwayWidths(item: OverlayItemOf<'fairway-widths'>, scene: OverlayScene): ComponentResolution {
  const hole = scene.hole();
  const origin = scene.shotOrigin(hole, item.from);
  const all = item.measurement === 'profile' ? profileSections(scene, hole, origin) : bearingSections(scene, hole, origin);
  if (all.length === 0) {
    throw new OverlayDataMissingError('fairway-measurements-missing', `hole ${hole.number} has no measured fairway cross-section`);
  }
  let chosen: Section[];
  if (item.yardages) chosen = nearestSections(all, item.yardages);
  else if (item.measurement === 'bearing') chosen = all.filter((s) => s.yards >= BEARING_WINDOW_YARDS.from && s.yards <= BEARING_WINDOW_YARDS.to);
  else chosen = all;
  if (chosen.length === 0) {
    throw new OverlayDataMissingError(
      'fairway-measurements-missing',
      `no fairway crosses the ${BEARING_WINDOW_YARDS.from}-${BEARING_WINDOW_YARDS.to} yard carry window of hole ${hole.number}`,
    );
  }

  const s = item.style;
  const stroke = overlayStroke(s.strokeColor, s.strokeWidth, s.strokeStyle);
  const instructions: OverlayInstruction[] = [];
  chosen.forEach((section, index) => {
    const left = px(scene.project(section.left));
    const right = px(scene.project(section.right));
    instructions.push({ kind: 'line', from: left, to: right, stroke });
    for (const at of [left, right]) {
      instructions.push({
        kind: 'marker',
        at,
        shape: 'circle',
        sizePixels: s.pointSize,
        fill: { color: s.pointColor, opacity: 1 },
        stroke: overlayStroke(s.pointOutlineColor, Math.max(1, Math.round(s.pointSize / 5)), 'solid'),
      });
    }
    if (!s.showLabels) return;
    const side = s.labelPosition === 'alternate' ? (index % 2 === 0 ? 'right' : 'left') : s.labelPosition;
    const [end, other] = side === 'right' ? [right, left] : [left, right];
    const text = yardLabel(section.widthYards, s.labelPrecision);
    instructions.push(labelBeyond(end, [end[0] - other[0], end[1] - other[1]], s.pointSize / 2, text, s));
  });
  return {
    presentation: {
      measurement: item.measurement,
      from: origin.tee ? { tee: origin.teeName } : 'coordinates',
      stations: chosen.map((c) => ({ yards: Math.round(c.yards), widthYards: Math.round(c.widthYards * 10) / 10 })),
      labelUnit: 'yards',
      style: s,
    },
    instructions,
  };
}

/** The catalog's stations, re-counted from the configured tee's place on the play line. */
function profileSections(scene: OverlayScene, hole: Hole, origin: ShotOrigin): Section[] {
  const measured = scene.course.measurements.fairways.find((f) => f.holeNumber === hole.number);
  if (!measured || measured.stations.length === 0) {
    throw new OverlayDataMissingError('fairway-measurements-missing', `hole ${hole.number} has no measured fairway stations`);
  }
  const line = scene.playLine(hole);
  const offsetYards = metersToYards(nearestPointOnPolyline(line, origin.point).alongMeters);
  return measured.stations.map((st) => ({ yards: st.stationYards - offsetYards, widthYards: st.widthYards, left: st.left, right: st.right }));
}

/** Sections every 10 yards of carry on the straight shot toward the play line 240 yards out. */
function bearingSections(scene: OverlayScene, hole: Hole, origin: ShotOrigin): Section[] {
  const line = scene.playLine(hole);
  const fairways = findHoleFairways(scene.course, hole);
  if (fairways.length === 0) throw new OverlayDataMissingError('fairway-missing', `hole ${hole.number} has no mapped fairway`);
  const frame = scene.localFrame(origin.point);
  const polygons = fairways.flatMap((f) => toMeterPolygons(f.geometry, frame));
  const lineMeters = lonLatPoints(line, frame);
  const direction = aimDirection(lineMeters, [0, 0], yardsToMeters(BEARING_AIM_YARDS));
  const left = leftOf(direction);
  const reach = Math.max(polylineLength(line), ...lineMeters.map((p) => Math.hypot(p[0], p[1])));
  const sections: Section[] = [];
  const step = yardsToMeters(FAIRWAY_STATION_INTERVAL_YARDS);
  for (let index = 1; index * step <= reach + 1e-6; index++) {
    const carry = index * step;
    const center: Meters2 = [direction[0] * carry, direction[1] * carry];
    const section = sectionAtOrigin(sectionsInside(center, left, polygons), FAIRWAY_STATION_SNAP_METERS);
    if (!section) continue;
    const at = (t: number) => frame.toLonLat([center[0] + left[0] * t, center[1] + left[1] * t]);
    sections.push({
      yards: index * FAIRWAY_STATION_INTERVAL_YARDS,
      widthYards: metersToYards(section[1] - section[0]),
      left: at(section[1]),
      right: at(section[0]),
    });
  }
  return sections;
}

/** The nearest section per target, in play order, each at most once. */
function nearestSections(sections: readonly Section[], targets: readonly number[]): Section[] {
  const picked = new Set<Section>();
  for (const target of targets) {
    let best = sections[0];
    for (const s of sections) if (Math.abs(s.yards - target) < Math.abs(best.yards - target)) best = s;
    picked.add(best);
  }
  return sections.filter((s) => picked.has(s));
}
