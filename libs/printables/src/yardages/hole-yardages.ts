/**
 * The numbers of a hole page, measured from the course geometry: tee-set lengths, carries to and
 * over the hazards along the play line, and distances from lay-up points and hazards to the
 * front, centre and back of the green. Nothing is estimated: a number the geometry cannot give
 * is left out and the page says so.
 */
import { measureGreen, MeasurementError, type Course, type CourseFeature, type GreenMeasurement, type Hole, type LonLat } from '@caddie/catalog';
import type { MultiPolygon, Polygon } from 'geojson';
import { findGreenFeature } from '../compile/green-framing';
import type { DistanceUnit } from './distance-units';
import { haversineDistance, initialBearing, interpolateAlongPolyline, nearestPointOnPolyline, polylineLength, yardsToMeters } from '@caddie/geometry';

/** A hazard is in play when part of it lies within this distance of the play line. */
export const HAZARD_CORRIDOR_METERS = 35;
/** lay-up points: this far from the green centre, in the printed unit (yards or metres) */
export const LAY_UP_DISTANCES = [100, 150, 200, 250] as const;
/** at most this many hazards make the table of a pocket page */
export const MAX_LISTED_HAZARDS = 6;

export interface TeeLength {
  teeSetId: string | null;
  name: string;
  color: string | null;
  yards: number | null;
}

export interface Hazard {
  /** 'A', 'B', … as marked on the artwork */
  label: string;
  featureId: string;
  kind: 'bunker' | 'water';
  side: 'L' | 'R' | 'C';
  /** along the play line from its start (the furthest tee), metres */
  nearStationMeters: number;
  farStationMeters: number;
  /** the hazard point nearest the tee along the play line, for the artwork marker */
  nearPoint: LonLat;
  /** straight-line distances from `nearPoint` to the green's front, centre and back, metres */
  toGreen: GreenDistances | null;
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
  /** the tee the carries are measured from (the furthest tee) and its station on the play line */
  carryTee: { name: string; stationMeters: number } | null;
  hazards: Hazard[];
  layUps: LayUpPoint[];
  green: GreenMeasurement | null;
}

export function holeYardages(course: Course, hole: Hole, unit: DistanceUnit = 'yards'): HoleYardages {
  const green = greenMeasurementOf(course, hole);
  const tees = teeLengths(course, hole);
  if (hole.centerline.length < 2) return { tees, carryTee: null, hazards: [], layUps: [], green };
  const line = hole.centerline;
  const lineLength = polylineLength(line);
  const furthest = [...hole.tees].sort((a, b) => (b.yards ?? 0) - (a.yards ?? 0))[0];
  const carryStation = furthest ? nearestPointOnPolyline(line, furthest.center).alongMeters : 0;
  const carryTeeName = furthest ? teeName(course, furthest.teeSetId) : 'start of the play line';
  const greenStation = green ? nearestPointOnPolyline(line, green.center).alongMeters : lineLength;

  const hazards = course.features
    .filter((f) => (f.properties.layer === 'bunkers' || f.properties.layer === 'water') && f.properties.holeNumbers.includes(hole.number))
    .map((f) => hazardAlong(f, line, green))
    .filter((h): h is Omit<Hazard, 'label'> => h !== null && h.farStationMeters > carryStation && h.nearStationMeters < greenStation + 30)
    .sort((a, b) => a.nearStationMeters - b.nearStationMeters)
    .slice(0, MAX_LISTED_HAZARDS)
    .map((h, i) => ({ ...h, label: String.fromCharCode(65 + i) }));

  const layUps: LayUpPoint[] = [];
  const target = green?.center ?? line[line.length - 1];
  // a par 3 is played to the green: no lay-up points
  for (const distance of hole.par === 3 ? [] : LAY_UP_DISTANCES) {
    const station = stationAtDistance(line, target, greenStation, unit === 'yards' ? yardsToMeters(distance) : distance);
    // only lay-ups in front of the carry tee with room to play to them
    if (station === null || station <= carryStation + yardsToMeters(60)) continue;
    const point = interpolateAlongPolyline(line, station).point;
    layUps.push({ distanceToCenter: distance, point, toGreen: green && distancesToGreen(point, green) });
  }
  return { tees, carryTee: { name: carryTeeName, stationMeters: carryStation }, hazards, layUps, green };
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

function teeName(course: Course, teeSetId: string | null): string {
  return course.teeSets.find((t) => t.id === teeSetId)?.name ?? 'back tee';
}

function teeLengths(course: Course, hole: Hole): TeeLength[] {
  const rows: TeeLength[] = course.teeSets.map((set) => {
    const tee = hole.tees.find((t) => t.teeSetId === set.id);
    return { teeSetId: set.id, name: set.name, color: set.color, yards: tee?.yards ?? null };
  });
  for (const tee of hole.tees.filter((t) => t.teeSetId === null || !course.teeSets.some((s) => s.id === t.teeSetId))) {
    rows.push({ teeSetId: tee.teeSetId, name: 'Tee', color: null, yards: tee.yards });
  }
  return rows;
}

export function distancesToGreen(point: LonLat, green: GreenMeasurement): GreenDistances {
  return { front: haversineDistance(point, green.front), center: haversineDistance(point, green.center), back: haversineDistance(point, green.back) };
}

function outerVertices(feature: CourseFeature): LonLat[] {
  const g = feature.geometry;
  if (g.type === 'Polygon') return g.coordinates[0] as LonLat[];
  if (g.type === 'MultiPolygon') return g.coordinates.flatMap((p) => p[0]) as LonLat[];
  if (g.type === 'LineString') return g.coordinates as LonLat[];
  if (g.type === 'Point') return [g.coordinates as LonLat];
  return g.coordinates.flat() as LonLat[];
}

/** Stations of the hazard's vertices inside the corridor of the play line; null when it is out of play. */
function hazardAlong(feature: CourseFeature, line: LonLat[], green: GreenMeasurement | null): Omit<Hazard, 'label'> | null {
  let near: { station: number; point: LonLat } | null = null;
  let far = -Infinity;
  let sideSum = 0;
  for (const vertex of outerVertices(feature)) {
    const nearest = nearestPointOnPolyline(line, vertex);
    if (nearest.distanceMeters > HAZARD_CORRIDOR_METERS) continue;
    if (!near || nearest.alongMeters < near.station) near = { station: nearest.alongMeters, point: vertex };
    far = Math.max(far, nearest.alongMeters);
    const segmentBearing = initialBearing(line[nearest.segmentIndex], line[nearest.segmentIndex + 1]);
    const toVertex = initialBearing(nearest.point, vertex);
    const turn = ((toVertex - segmentBearing + 540) % 360) - 180;
    sideSum += nearest.distanceMeters < 0.5 ? 0 : Math.sign(turn);
  }
  if (!near) return null;
  const side = sideSum > 1 ? 'R' : sideSum < -1 ? 'L' : 'C';
  return {
    featureId: feature.id,
    kind: feature.properties.layer === 'water' ? 'water' : 'bunker',
    side,
    nearStationMeters: near.station,
    farStationMeters: far,
    nearPoint: near.point,
    toGreen: green && distancesToGreen(near.point, green),
  };
}

/**
 * The point of the play line, before `endStation`, whose straight-line distance to `target` is
 * `meters` (what a rangefinder reads there); null when the line never gets that far away.
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
