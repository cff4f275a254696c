import {
  LocalProjection,
  bearingVector,
  initialBearing,
  interpolateAlongPolyline,
  metersToYards,
  polylineLength,
  yardsToMeters,
  type LonLat,
  type Meters2,
} from '@caddie/geometry';
import type { MultiPolygon, Polygon } from 'geojson';
import type { FairwayMeasurement, FairwayWidthStation } from '../model';
import { MeasurementError } from './green-measurement';
import { insideIntervals, toPlanarPolygons } from './planar-polygons';

export const FAIRWAY_STATION_INTERVAL_YARDS = 10;
/**
 * A station whose play-line point lies just off the fairway (a straight centerline cutting a
 * curved dogleg) still measures the nearest fairway section within this distance.
 */
export const FAIRWAY_STATION_SNAP_METERS = 20;

/**
 * Cross-sections of the hole's fairways every 10 yards from the start of the play line
 * (the furthest tee), perpendicular to the line. Stations without fairway are left out.
 */
export function measureFairwayWidths(holeNumber: number, centerline: readonly LonLat[], fairways: readonly (Polygon | MultiPolygon)[]): FairwayMeasurement {
  if (centerline.length < 2) {
    throw new MeasurementError('centerline-missing', `hole ${holeNumber}: fairway widths need a centerline`);
  }
  const projection = new LocalProjection(centerline[0]);
  const polygons = fairways.flatMap((geometry) => toPlanarPolygons(geometry, projection));
  const length = polylineLength(centerline);
  const interval = yardsToMeters(FAIRWAY_STATION_INTERVAL_YARDS);
  const stations: FairwayWidthStation[] = [];

  for (let index = 0; index * interval <= length + 1e-6; index++) {
    const position = interpolateAlongPolyline(centerline, index * interval);
    const segmentStart = centerline[position.segmentIndex];
    const segmentEnd = centerline[position.segmentIndex + 1];
    const [dx, dy] = bearingVector(initialBearing(segmentStart, segmentEnd));
    const left: Meters2 = [-dy, dx];
    const origin = projection.toMeters(position.point);
    const section = nearestSection(insideIntervals(origin, left, polygons));
    if (!section) continue;
    const [rightT, leftT] = section;
    stations.push({
      stationYards: index * FAIRWAY_STATION_INTERVAL_YARDS,
      widthYards: metersToYards(leftT - rightT),
      left: projection.toLonLat([origin[0] + left[0] * leftT, origin[1] + left[1] * leftT]),
      right: projection.toLonLat([origin[0] + left[0] * rightT, origin[1] + left[1] * rightT]),
    });
  }
  return { holeNumber, stations };
}

/** The section holding the station point, else the closest one within the snap distance. */
function nearestSection(intervals: [number, number][]): [number, number] | null {
  let best: [number, number] | null = null;
  let bestGap = Infinity;
  for (const interval of intervals) {
    const gap = interval[0] > 0 ? interval[0] : interval[1] < 0 ? -interval[1] : 0;
    if (gap < bestGap) {
      best = interval;
      bestGap = gap;
    }
  }
  return bestGap <= FAIRWAY_STATION_SNAP_METERS ? best : null;
}
