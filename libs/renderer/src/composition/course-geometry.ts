/** Course features as local-metre rings and lines, and the hole facts composition needs. */
import type { Course, CourseFeature, CourseGeometry, Hole, LonLat } from '@caddie/catalog';
import type { LocalProjection } from '@caddie/geometry';
import type { Point2 } from './view-transform';

export type MeterRings = Point2[][];

/** Polygon rings (outer and holes) of a polygonal geometry, in metres; lines give their parts. */
export function geometryParts(geometry: CourseGeometry, projection: LocalProjection): MeterRings {
  const toM = (c: number[]) => projection.toMeters([c[0], c[1]]) as Point2;
  switch (geometry.type) {
    case 'Polygon':
      return geometry.coordinates.map((ring) => ring.map(toM));
    case 'MultiPolygon':
      return geometry.coordinates.flatMap((poly) => poly.map((ring) => ring.map(toM)));
    case 'LineString':
      return [geometry.coordinates.map(toM)];
    case 'MultiLineString':
      return geometry.coordinates.map((line) => line.map(toM));
    case 'Point':
      return [[toM(geometry.coordinates)]];
  }
}

export const isPolygonal = (f: CourseFeature) => f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon';

export function holeFeatures(course: Course, holeNumber: number, layer: CourseFeature['properties']['layer']): CourseFeature[] {
  return course.features.filter((f) => f.properties.layer === layer && f.properties.holeNumbers.includes(holeNumber));
}

const FEATURE_INDEX = new WeakMap<Course, Map<string, CourseFeature>>();

export function featureById(course: Course, id: string | null): CourseFeature | undefined {
  if (id === null) return undefined;
  let index = FEATURE_INDEX.get(course);
  if (!index) {
    index = new Map(course.features.map((f) => [f.id, f]));
    FEATURE_INDEX.set(course, index);
  }
  return index.get(id);
}

/** The furthest tee: most yards, else the tee nearest the centerline start. */
export function furthestTee(hole: Hole): Hole['tees'][number] | undefined {
  if (!hole.tees.length) return undefined;
  const withYards = hole.tees.filter((t) => t.yards !== null);
  if (withYards.length) return withYards.reduce((a, b) => ((b.yards as number) > (a.yards as number) ? b : a));
  const start = hole.centerline[0];
  const d = (p: LonLat) => (start ? (p[0] - start[0]) ** 2 + (p[1] - start[1]) ** 2 : 0);
  return hole.tees.reduce((a, b) => (d(b.center) < d(a.center) ? b : a));
}

/** Tee end of the play line: the centerline start (the furthest tee by construction). */
export function teePoint(hole: Hole): LonLat {
  return hole.centerline[0];
}

/** Flag end of the play line: the pin when mapped, else the green centre, else the line end. */
export function flagPoint(hole: Hole): LonLat {
  return hole.pin ?? hole.greenCenter ?? hole.centerline[hole.centerline.length - 1];
}
