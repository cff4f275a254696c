import type { MultiPolygon, Polygon } from 'geojson';
import type { Course, CourseFeature, FairwayMeasurement, GreenMeasurement, Hole } from '../model';
import { measureFairwayWidths } from './fairway-widths';
import { measureGreen } from './green-measurement';

type PolygonalFeature = CourseFeature & { geometry: Polygon | MultiPolygon };

function isPolygonal(feature: CourseFeature): feature is PolygonalFeature {
  return feature.geometry.type === 'Polygon' || feature.geometry.type === 'MultiPolygon';
}

/** The hole's green: the feature it names, else the first green assigned to it. */
export function findHoleGreen(course: Pick<Course, 'features'>, hole: Hole): PolygonalFeature | null {
  const named = hole.greenFeatureId ? course.features.find((f) => f.id === hole.greenFeatureId) : undefined;
  if (named && isPolygonal(named)) return named;
  const assigned = course.features.find((f) => f.properties.layer === 'greens' && f.properties.holeNumbers.includes(hole.number) && isPolygonal(f));
  return (assigned as PolygonalFeature | undefined) ?? null;
}

export function findHoleFairways(course: Pick<Course, 'features'>, hole: Hole): PolygonalFeature[] {
  return course.features.filter(
    (f): f is PolygonalFeature => f.properties.layer === 'fairways' && f.properties.holeNumbers.includes(hole.number) && isPolygonal(f),
  );
}

/**
 * Green dimensions and fairway width stations for every hole that has a play line; holes
 * without a green or fairway, or whose fairway never crosses a station, are left out.
 */
export function measureCourse(course: Pick<Course, 'holes' | 'features'>): Course['measurements'] {
  const greens: GreenMeasurement[] = [];
  const fairways: FairwayMeasurement[] = [];
  for (const hole of course.holes) {
    if (hole.centerline.length < 2) continue;
    const green = findHoleGreen(course, hole);
    if (green) greens.push(measureGreen(hole.number, hole.centerline, green.geometry, hole.greenCenter));
    const holeFairways = findHoleFairways(course, hole);
    if (holeFairways.length > 0) {
      const measurement = measureFairwayWidths(
        hole.number,
        hole.centerline,
        holeFairways.map((f) => f.geometry),
      );
      if (measurement.stations.length > 0) fairways.push(measurement);
    }
  }
  return { greens, fairways };
}
