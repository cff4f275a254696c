/**
 * The numbers of a hole page, measured from the course geometry: tee-set lengths; for every
 * hazard in play, where the play line enters and leaves it (or, beside the line, where its edge
 * facing the line is reached and cleared) from each tee; hazards by the green described from the
 * green; distances from lay-up points to the front, centre and back of the green. Nothing is
 * estimated: a number the geometry cannot give is left out and the page says so. Books, hole
 * sheets and pin sheets all print from here.
 */
import { measureGreen, MeasurementError, type Course, type CourseFeature, type GreenMeasurement, type Hole, type LonLat } from '@caddie/catalog';
import type { MultiPolygon, Polygon } from 'geojson';
import {
  haversineDistance,
  interpolateAlongPolyline,
  LocalProjection,
  nearestPointOnPolyline,
  polylineLength,
  yardsToMeters,
  type Meters2,
} from '@caddie/geometry';
import { findGreenFeature } from '../compile/green-framing';
import type { DistanceUnit } from './distance-units';
import { teeSetName } from './tee-set-names';
import {
  edgePoints,
  facingEdge,
  insideStretches,
  planarLine,
  pointAtStation,
  positionOnLine,
  ringsDistance,
  type InsideStretch,
  type PlanarLine,
} from './hazard-geometry';

/** A hazard is in play when part of it lies within this distance of the play line. */
export const HAZARD_CORRIDOR_METERS = 35;
/** A hazard this close to the putting surface is greenside: described from the green, not carried from the tee. */
export const GREENSIDE_METERS = 12;
/** the part of a greenside hazard within this of the putting surface is the part described */
export const GREENSIDE_REACH_METERS = 30;
/** lay-up points: this far from the green centre, in the printed unit (yards or metres) */
export const LAY_UP_DISTANCES = [100, 150, 200, 250] as const;

export interface TeeLength {
  teeSetId: string | null;
  name: string;
  color: string | null;
  yards: number | null;
  /** where the tee (the rearmost of its set) meets the play line, metres from the line's start; null without one */
  stationMeters: number | null;
}

export type HazardSide = 'left' | 'right' | 'across';

/** From one tee: metres along the play line to reach the hazard and to carry it; null where it is behind that tee. */
export interface HazardFromTee {
  teeSetId: string | null;
  reach: number | null;
  carry: number | null;
}

/** A hazard by the green, placed as the approach sees it. */
export interface GreensidePlace {
  /** 'front-left', 'left', 'back', … */
  position: string;
  /** along the approach from the green's front edge (negative: short of it), metres */
  startFromFront: number;
  endFromFront: number;
  greenDepth: number;
}

export interface Hazard {
  /** 'A', 'B', … as marked on the artwork */
  label: string;
  featureId: string;
  kind: 'bunker' | 'water';
  side: HazardSide;
  /** the play line runs through it: reach and clear are where it enters and leaves */
  crossesLine: boolean;
  /** along the play line from its start, metres; null for a greenside hazard beyond the line's reach */
  reachStationMeters: number | null;
  clearStationMeters: number | null;
  /** where the hazard is reached, for the artwork marker */
  nearPoint: LonLat;
  /** per tee row of `tees`, in the same order; empty for greenside hazards */
  fromTees: HazardFromTee[];
  /** from the play line where the hazard is reached to the green's front, centre and back, metres */
  toGreen: GreenDistances | null;
  greenside: GreensidePlace | null;
}

export interface GreenDistances {
  front: number;
  center: number;
  back: number;
}

export interface LayUpPoint {
  /** straight-line distance to the green centre, in the printed unit */
  distanceToCenter: number;
  point: LonLat;
  toGreen: GreenDistances | null;
}

export interface HoleYardages {
  tees: TeeLength[];
  hazards: Hazard[];
  layUps: LayUpPoint[];
  green: GreenMeasurement | null;
}

interface PlayLine {
  projection: LocalProjection;
  line: PlanarLine;
}

export function holeYardages(course: Course, hole: Hole, unit: DistanceUnit = 'yards'): HoleYardages {
  const green = greenMeasurementOf(course, hole);
  if (hole.centerline.length < 2) return { tees: teeLengths(course, hole, null), hazards: [], layUps: [], green };
  const projection = new LocalProjection(hole.centerline[0]);
  const play: PlayLine = { projection, line: planarLine(hole.centerline.map((p) => projection.toMeters(p))) };
  const tees = teeLengths(course, hole, play);
  const stations = tees.map((t) => t.stationMeters).filter((s): s is number => s !== null);
  const rearTee = stations.length ? Math.min(...stations) : 0;
  const greenFeature = findGreenFeature(course, hole);
  const greenRings = greenFeature ? ringsOf(greenFeature, projection) : null;

  const hazards = course.features
    .filter((f) => (f.properties.layer === 'bunkers' || f.properties.layer === 'water') && f.properties.holeNumbers.includes(hole.number))
    .flatMap((f) => hazardOnLine(f, play, tees, green, greenRings))
    .filter((h) => h.greenside !== null || (h.clearStationMeters ?? 0) > rearTee)
    .sort((a, b) => order(a) - order(b))
    .map((h, i) => ({ ...h, label: hazardLabel(i) }));

  return { tees, hazards, layUps: layUpPoints(hole, green, rearTee, unit), green };
}

/** Hazards in the order a golfer meets them; greenside ones after the others, front first. */
function order(h: Omit<Hazard, 'label'>): number {
  return h.greenside ? 1e6 + h.greenside.startFromFront : (h.reachStationMeters ?? 0);
}

function hazardLabel(index: number): string {
  return index < 26 ? String.fromCharCode(65 + index) : `${String.fromCharCode(65 + (index % 26))}${Math.floor(index / 26) + 1}`;
}

/**
 * The green's front, centre, back, depth and width: the catalog's measurement, or the same
 * measurement taken now from the mapped green and play line when the snapshot carries none.
 */
export function greenMeasurementOf(course: Course, hole: Hole): GreenMeasurement | null {
  const stored = course.measurements.greens.find((g) => g.holeNumber === hole.number);
  if (stored) return stored;
  const green = findGreenFeature(course, hole);
  if (!green || hole.centerline.length < 2) return null;
  try {
    return measureGreen(hole.number, hole.centerline, green.geometry as Polygon | MultiPolygon, hole.greenCenter);
  } catch (error) {
    if (error instanceof MeasurementError) return null;
    throw error;
  }
}

/** One row per tee set (its rearmost tee on this hole), then tees of no known set. */
function teeLengths(course: Course, hole: Hole, play: PlayLine | null): TeeLength[] {
  const station = (center: LonLat) => (play ? positionOnLine(play.line, play.projection.toMeters(center)).station : null);
  const rows: TeeLength[] = [];
  for (const set of course.teeSets) {
    const tees = hole.tees.filter((t) => t.teeSetId === set.id).map((t) => ({ tee: t, station: station(t.center) }));
    tees.sort((a, b) => (a.station ?? 0) - (b.station ?? 0) || (b.tee.yards ?? 0) - (a.tee.yards ?? 0));
    const rear = tees[0];
    rows.push({ teeSetId: set.id, name: teeSetName(course, set), color: set.color, yards: rear?.tee.yards ?? null, stationMeters: rear?.station ?? null });
  }
  for (const tee of hole.tees.filter((t) => t.teeSetId === null || !course.teeSets.some((s) => s.id === t.teeSetId))) {
    rows.push({ teeSetId: tee.teeSetId, name: 'Tee', color: null, yards: tee.yards, stationMeters: station(tee.center) });
  }
  return rows;
}

export function distancesToGreen(point: LonLat, green: GreenMeasurement): GreenDistances {
  return { front: haversineDistance(point, green.front), center: haversineDistance(point, green.center), back: haversineDistance(point, green.back) };
}

/** Every ring of a polygon hazard, or a mapped line (a stream) as one open ring. */
function ringsOf(feature: CourseFeature, projection: LocalProjection): Meters2[][] {
  const g = feature.geometry;
  const rings = g.type === 'Polygon' ? g.coordinates : g.type === 'MultiPolygon' ? g.coordinates.flat() : g.type === 'LineString' ? [g.coordinates] : [];
  return rings.map((ring) => ring.map((p) => projection.toMeters([p[0], p[1]])));
}

/**
 * A hazard as the play line meets it: one entry per crossing (a creek the line crosses twice is
 * carried twice), else its edge facing the line, else its place by the green. Empty when out of play.
 */
function hazardOnLine(
  feature: CourseFeature,
  play: PlayLine,
  tees: TeeLength[],
  green: GreenMeasurement | null,
  greenRings: Meters2[][] | null,
): Omit<Hazard, 'label'>[] {
  const rings = ringsOf(feature, play.projection);
  if (rings.length === 0) return [];
  const kind = feature.properties.layer === 'water' ? 'water' : 'bunker';
  const base = { featureId: feature.id, kind, greenside: null } as const;
  const stretches = crossings(insideStretches(play.line, rings));
  if (stretches.length) {
    return stretches.map(({ enter, leave }) => {
      const reachPoint = play.projection.toLonLat(pointAtStation(play.line, enter));
      return {
        ...base,
        side: 'across',
        crossesLine: true,
        reachStationMeters: enter,
        clearStationMeters: leave,
        nearPoint: reachPoint,
        fromTees: tees.map((t) => fromTee(t, enter, leave)),
        toGreen: green && distancesToGreen(reachPoint, green),
      };
    });
  }
  const facing = facingEdge(play.line, rings, HAZARD_CORRIDOR_METERS);
  const frontStation = green ? positionOnLine(play.line, play.projection.toMeters(green.front)).station : Infinity;
  // beside the green or past its front edge: a carry from the tee would only be the hole length
  const byGreen = green && greenRings && ((facing && facing.clear >= frontStation) || ringsDistance(rings, greenRings) <= GREENSIDE_METERS);
  if (byGreen) {
    const near = nearestToGreen(rings, greenRings);
    const greenside = greensidePlace(rings, green, greenRings, play.projection);
    if (!greenside) return [];
    const side = positionOnLine(play.line, near).side >= 0 ? 'right' : 'left';
    return [
      {
        ...base,
        greenside,
        side,
        crossesLine: false,
        reachStationMeters: null,
        clearStationMeters: null,
        nearPoint: play.projection.toLonLat(near),
        fromTees: [],
        toGreen: null,
      },
    ];
  }
  if (!facing) return [];
  const reachPoint = play.projection.toLonLat(pointAtStation(play.line, facing.reach));
  return [
    {
      ...base,
      side: facing.sideBalance >= 0 ? 'right' : 'left',
      crossesLine: false,
      reachStationMeters: facing.reach,
      clearStationMeters: facing.clear,
      nearPoint: play.projection.toLonLat(facing.reachPoint),
      fromTees: tees.map((t) => fromTee(t, facing.reach, facing.clear)),
      toGreen: green && distancesToGreen(reachPoint, green),
    },
  ];
}

/** Stretches inside one hazard closer than this are one carry (a ragged bank), further apart two. */
const SEPARATE_CROSSING_METERS = 10;

function crossings(stretches: InsideStretch[]): InsideStretch[] {
  const out: InsideStretch[] = [];
  for (const s of stretches) {
    const last = out[out.length - 1];
    if (last && s.enter - last.leave < SEPARATE_CROSSING_METERS) last.leave = s.leave;
    else out.push({ ...s });
  }
  return out;
}

function fromTee(tee: TeeLength, reach: number | null, clear: number | null): HazardFromTee {
  const at = tee.stationMeters;
  if (at === null || clear === null || clear <= at) return { teeSetId: tee.teeSetId, reach: null, carry: null };
  return { teeSetId: tee.teeSetId, reach: reach !== null && reach > at ? reach - at : null, carry: clear - at };
}

function nearestToGreen(rings: Meters2[][], greenRings: Meters2[][]): Meters2 {
  let best: Meters2 = rings[0][0];
  let bestDistance = Infinity;
  for (const p of rings.flat()) {
    const d = ringsDistance([[p]], greenRings);
    if (d < bestDistance) [best, bestDistance] = [p, d];
  }
  return best;
}

/**
 * Where a hazard lies around the green as the approach sees it: along the line from the green's
 * front to its back (short, beside, over) and across it (left, right of the surface's middle).
 */
function greensidePlace(rings: Meters2[][], green: GreenMeasurement, greenRings: Meters2[][], projection: LocalProjection): GreensidePlace | null {
  const front = projection.toMeters(green.front);
  const back = projection.toMeters(green.back);
  const depth = Math.hypot(back[0] - front[0], back[1] - front[1]);
  const centre = projection.toMeters(green.center);
  const axis: Meters2 = depth > 0.01 ? [(back[0] - front[0]) / depth, (back[1] - front[1]) / depth] : unit([centre[0] - front[0], centre[1] - front[1]]);
  const along = (p: Meters2) => (p[0] - front[0]) * axis[0] + (p[1] - front[1]) * axis[1];
  // positive to the right of the direction of play
  const across = (p: Meters2) => (p[0] - centre[0]) * axis[1] - (p[1] - centre[1]) * axis[0];
  // a pond that runs on past the green is placed by the part of it that guards the green
  const points = edgePoints(rings).filter((p) => ringsDistance([[p]], greenRings) <= GREENSIDE_REACH_METERS);
  if (points.length === 0) return null;
  const us = points.map(along);
  const greenAcross = greenRings.flat().map(across);
  const mid = points.reduce((s, p) => s + across(p), 0) / points.length;
  const start = Math.min(...us);
  const end = Math.max(...us);
  const longitudinal = end < depth * 0.25 ? 'front' : start > depth * 0.75 ? 'back' : '';
  const lateral = mid < Math.min(...greenAcross) * 0.5 ? 'left' : mid > Math.max(...greenAcross) * 0.5 ? 'right' : '';
  const position = [longitudinal, lateral].filter(Boolean).join('-') || (end < depth / 2 ? 'front' : 'back');
  return { position, startFromFront: start, endFromFront: end, greenDepth: depth };
}

function unit(v: Meters2): Meters2 {
  const length = Math.hypot(v[0], v[1]) || 1;
  return [v[0] / length, v[1] / length];
}

/**
 * Lay-up points of a par 4 or 5: where the play line is 100/150/… from the green centre in a
 * straight line (what a rangefinder reads there), in front of the rearmost tee with room to play to.
 */
function layUpPoints(hole: Hole, green: GreenMeasurement | null, rearTee: number, unit: DistanceUnit): LayUpPoint[] {
  const line = hole.centerline;
  const target = green?.center ?? line[line.length - 1];
  const greenStation = green ? nearestPointOnPolyline(line, green.center).alongMeters : polylineLength(line);
  const layUps: LayUpPoint[] = [];
  for (const distance of hole.par === 3 ? [] : LAY_UP_DISTANCES) {
    const station = stationAtDistance(line, target, greenStation, unit === 'yards' ? yardsToMeters(distance) : distance);
    if (station === null || station <= rearTee + yardsToMeters(60)) continue;
    const point = interpolateAlongPolyline(line, station).point;
    layUps.push({ distanceToCenter: distance, point, toGreen: green && distancesToGreen(point, green) });
  }
  return layUps;
}

/**
 * The point of the play line, before `endStation`, whose straight-line distance to `target` is
 * `meters`; null when the line never gets that far away.
 */
function stationAtDistance(line: LonLat[], target: LonLat, endStation: number, meters: number): number | null {
  const distanceAt = (station: number) => haversineDistance(interpolateAlongPolyline(line, station).point, target);
  if (distanceAt(0) < meters) return null;
  let near = endStation;
  let far = 0;
  for (let i = 0; i < 40; i++) {
    const mid = (near + far) / 2;
    if (distanceAt(mid) < meters) near = mid;
    else far = mid;
  }
  return (near + far) / 2;
}
