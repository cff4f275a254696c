/**
 * Every carry, reach and green distance a hole page prints, checked against the same course
 * geometry measured another way: geodesic line/polygon intersections and nearest points from
 * Turf, written here without the production code's planar helpers.
 */
import { readFileSync } from 'node:fs';
import { importOsm, type Course, type CourseFeature, type Hole } from '@caddie/catalog';
import * as turf from '@turf/turf';
import type { Feature, LineString, MultiPolygon, Polygon, Position } from 'geojson';
import { describeWithSharedData, sharedDataPath } from '../../../../test/support/shared-data';
import { demoCourse } from '../testing/demo-course.fixture';
import { holeYardages } from './hole-yardages';
import { hazardRows } from './yardage-rows';

const YARD = 0.9144;
const TOLERANCE_YARDS = 2;
const CORRIDOR_METERS = 35;

const toYards = (meters: number) => meters / YARD;
const km = { units: 'kilometers' as const };

/** Metres along `line` to the point of it nearest `p`. */
function stationOf(line: Feature<LineString>, p: Position): number {
  return turf.nearestPointOnLine(line, turf.point(p), km).properties.location * 1000;
}

function polygonOf(feature: CourseFeature): Feature<Polygon | MultiPolygon> {
  return turf.feature(feature.geometry as Polygon | MultiPolygon);
}

function ringsOf(polygon: Feature<Polygon | MultiPolygon>): Position[][] {
  const g = polygon.geometry;
  return g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
}

/** Points along every ring about every `spacing` metres (geodesic), vertices included. */
function ringSamples(polygon: Feature<Polygon | MultiPolygon>, spacing: number): Position[] {
  const out: Position[] = [];
  for (const ring of ringsOf(polygon)) {
    for (let i = 1; i < ring.length; i++) {
      const edge = turf.lineString([ring[i - 1], ring[i]]);
      const length = turf.length(edge, km) * 1000;
      const steps = Math.max(1, Math.ceil(length / spacing));
      for (let s = 0; s < steps; s++) out.push(turf.along(edge, (length * s) / steps / 1000, km).geometry.coordinates);
    }
  }
  return out;
}

/** The stretches of the play line inside the hazard, from Turf's intersections; stretches under 10 m apart joined. */
function crossingStretches(line: Feature<LineString>, polygon: Feature<Polygon | MultiPolygon>): [number, number][] {
  const cuts = turf.lineIntersect(line, polygon).features.map((f) => stationOf(line, f.geometry.coordinates));
  const total = turf.length(line, km) * 1000;
  const stations = [0, ...cuts, total].sort((a, b) => a - b);
  const stretches: [number, number][] = [];
  for (let i = 1; i < stations.length; i++) {
    if (stations[i] - stations[i - 1] < 0.01) continue;
    const mid = turf.along(line, (stations[i] + stations[i - 1]) / 2000, km);
    if (!turf.booleanPointInPolygon(mid, polygon)) continue;
    const last = stretches[stretches.length - 1];
    if (last && stations[i - 1] - last[1] < 10) last[1] = stations[i];
    else stretches.push([stations[i - 1], stations[i]]);
  }
  return stretches;
}

/**
 * The stations of the hazard's edge facing the line within the corridor: an edge point faces the
 * line when the straight path to its nearest line point leaves the hazard at once and crosses no
 * other part of it.
 */
function facingStations(line: Feature<LineString>, polygon: Feature<Polygon | MultiPolygon>): [number, number] | null {
  const outline = turf.polygonToLine(polygon);
  let reach = Infinity;
  let clear = -Infinity;
  for (const p of ringSamples(polygon, 1)) {
    const nearest = turf.nearestPointOnLine(line, turf.point(p), km);
    const offset = nearest.properties.dist * 1000;
    if (offset > CORRIDOR_METERS) continue;
    if (offset > 0.01) {
      const path = turf.lineString([p, nearest.geometry.coordinates]);
      const stepped = turf.along(path, Math.min(0.05, offset / 2) / 1000, km);
      if (turf.booleanPointInPolygon(stepped, polygon, { ignoreBoundary: true })) continue;
      const blocked = turf.lineIntersect(path, outline).features.some((f) => turf.distance(turf.point(p), f, km) * 1000 > 0.05);
      if (blocked) continue;
    }
    const station = nearest.properties.location * 1000;
    reach = Math.min(reach, station);
    clear = Math.max(clear, station);
  }
  return Number.isFinite(reach) ? [reach, clear] : null;
}

/** The rearmost tee of each tee row (tee sets in course order, then tees of no known set). */
function teeStations(course: Course, hole: Hole, line: Feature<LineString>): { yards: number | null; station: number | null }[] {
  const rows = course.teeSets.map((set) => {
    const tees = hole.tees.filter((t) => t.teeSetId === set.id);
    if (!tees.length) return { yards: null, station: null };
    const stations = tees.map((t) => ({ yards: t.yards, station: stationOf(line, t.center) })).sort((a, b) => a.station - b.station);
    return stations[0];
  });
  const orphans = hole.tees.filter((t) => t.teeSetId === null || !course.teeSets.some((s) => s.id === t.teeSetId));
  return [...rows, ...orphans.map((t) => ({ yards: t.yards, station: stationOf(line, t.center) }))];
}

/** Signed metres along the approach (front edge to back edge) of `p` from the green's front edge. */
function fromFront(front: Position, back: Position, p: Position): number {
  const axis = turf.bearing(turf.point(front), turf.point(back));
  const d = turf.distance(turf.point(front), turf.point(p), km) * 1000;
  return d * Math.cos(((turf.bearing(turf.point(front), turf.point(p)) - axis) * Math.PI) / 180);
}

/** A printed place by the green ('front-left, 6 short to 3 on') as yards along the approach from the front edge. */
function parseGreenside(text: string, depthYards: number): { start: number; end: number } {
  const at = (part: string) => {
    if (part === 'the front edge') return 0;
    const [value, where] = part.split(' ');
    return where === 'short' ? -Number(value) : where === 'over' ? depthYards + Number(value) : Number(value);
  };
  const range = text.slice(text.indexOf(', ') + 2);
  const [start, end] = range.split(' to ');
  return { start: at(start), end: at(end ?? start) };
}

function checkCourse(course: Course): { rows: number; hazards: number } {
  let rows = 0;
  let hazardsChecked = 0;
  for (const hole of course.holes) {
    if (hole.centerline.length < 2) continue;
    const yardages = holeYardages(course, hole);
    const printed = hazardRows(yardages, 'yards');
    const line = turf.lineString(hole.centerline);
    const tees = teeStations(course, hole, line);
    const where = `${course.id} hole ${hole.number}`;
    const green = yardages.green!;
    yardages.hazards.forEach((hazard, i) => {
      const row = printed[i];
      const feature = course.features.find((f) => f.id === hazard.featureId)!;
      const polygon = polygonOf(feature);
      hazardsChecked++;
      if (hazard.greenside) {
        // placed from the green: no carry from the tee, and the span along the approach measured
        expect({ where, label: row.label, fromTees: row.fromTees }).toEqual({ where, label: row.label, fromTees: [] });
        const greenFeature = polygonOf(course.features.find((f) => f.id === hole.greenFeatureId)!);
        const greenOutline = turf.polygonToLine(greenFeature);
        const near = ringSamples(polygon, 1).filter(
          (p) =>
            turf.booleanPointInPolygon(turf.point(p), greenFeature) ||
            turf.pointToLineDistance(turf.point(p), greenOutline as Feature<LineString>, km) * 1000 <= 30,
        );
        const us = near.map((p) => toYards(fromFront(green.front, green.back, p)));
        const depth = toYards(turf.distance(turf.point(green.front), turf.point(green.back), km) * 1000);
        const printedPlace = parseGreenside(row.greenside!, depth);
        const off = Math.max(Math.abs(printedPlace.start - Math.min(...us)), Math.abs(printedPlace.end - Math.max(...us)));
        expect({ where, label: row.label, place: row.greenside, within: off <= TOLERANCE_YARDS }).toEqual({
          where,
          label: row.label,
          place: row.greenside,
          within: true,
        });
        rows++;
        return;
      }
      let stations: [number, number] | null;
      if (hazard.crossesLine) {
        const stretches = crossingStretches(line, polygon);
        // the stretch this row measures: the one entered nearest where the row says
        stations = stretches.sort((a, b) => Math.abs(a[0] - hazard.reachStationMeters!) - Math.abs(b[0] - hazard.reachStationMeters!))[0] ?? null;
      } else {
        stations = facingStations(line, polygon);
      }
      expect({ where, label: row.label, measured: stations !== null }).toEqual({ where, label: row.label, measured: true });
      const [reach, clear] = stations!;
      tees.forEach((tee, t) => {
        const cell = row.fromTees[t];
        if (tee.station === null || clear <= tee.station) {
          expect({ where, label: row.label, tee: t, cell }).toEqual({ where, label: row.label, tee: t, cell: '—' });
          return;
        }
        const [printedReach, printedCarry] = cell.split('/');
        const expected = { reach: reach > tee.station ? toYards(reach - tee.station) : null, carry: toYards(clear - tee.station) };
        const off = {
          reach:
            printedReach === ''
              ? expected.reach === null || expected.reach < TOLERANCE_YARDS
                ? 0
                : Infinity
              : Math.abs(Number(printedReach) - (expected.reach ?? 0)),
          carry: Math.abs(Number(printedCarry) - expected.carry),
        };
        expect({ where, label: row.label, tee: t, cell, within: off.reach <= TOLERANCE_YARDS && off.carry <= TOLERANCE_YARDS }).toEqual({
          where,
          label: row.label,
          tee: t,
          cell,
          within: true,
        });
        // a carry the length of the hole is the old error: only a hazard that reaches the green may carry that far
        if (tee.yards !== null && Number(printedCarry) === tee.yards)
          expect(turf.booleanIntersects(polygon, polygonOf(course.features.find((f) => f.id === hole.greenFeatureId)!))).toBe(true);
        rows++;
      });
      const toCentre = toYards(turf.distance(turf.along(line, reach / 1000, km), turf.point(green.center), km) * 1000);
      expect({ where, label: row.label, centre: Math.abs(Number(row.toCenter) - toCentre) <= TOLERANCE_YARDS }).toEqual({
        where,
        label: row.label,
        centre: true,
      });
    });
    // every hazard of the hole that reaches into the corridor, in front of the rearmost tee, has a row
    const rear = Math.min(...tees.map((t) => t.station ?? Infinity));
    for (const feature of course.features.filter(
      (f) => (f.properties.layer === 'bunkers' || f.properties.layer === 'water') && f.properties.holeNumbers.includes(hole.number),
    )) {
      const vertices = ringsOf(polygonOf(feature)).flat();
      const close = vertices.filter((p) => turf.nearestPointOnLine(line, turf.point(p), km).properties.dist * 1000 < CORRIDOR_METERS - 1);
      if (!close.length || Math.max(...close.map((p) => stationOf(line, p))) <= rear + 1) continue;
      expect({ where, feature: feature.id, listed: yardages.hazards.some((h) => h.featureId === feature.id) }).toEqual({
        where,
        feature: feature.id,
        listed: true,
      });
    }
  }
  return { rows, hazards: hazardsChecked };
}

describe('printed hazard yardages against an independent measurement of the same geometry', () => {
  it.each(['demo-pine-hollow', 'demo-cedar-links'] as const)(
    '%s: every carry, reach and green-centre distance within 2 yd',
    (id) => {
      const { course } = demoCourse(id);
      const checked = checkCourse(course);
      expect(checked.hazards).toBeGreaterThan(18);
      expect(checked.rows).toBeGreaterThan(checked.hazards);
    },
    120_000,
  );
});

describeWithSharedData('Augusta National (../shared/data/osm/augusta_national_us.osm)')('printed hazard yardages of a real course', () => {
  const content = readFileSync(sharedDataPath('osm', 'augusta_national_us.osm'));
  const course = importOsm([{ name: 'augusta_national_us.osm', content }]).courses[0];

  it('every carry, reach and green-centre distance within 2 yd of Turf on the imported geometry', () => {
    const checked = checkCourse(course);
    expect(checked.hazards).toBeGreaterThan(40);
  }, 240_000);

  it("hole 12: Rae's Creek lies across the line and is carried from about 107 to 128 yd from the back tee", () => {
    const hole = course.holes.find((h) => h.number === 12)!;
    const yardages = holeYardages(course, hole);
    const creek = yardages.hazards.filter((h) => h.kind === 'water');
    expect(creek).toHaveLength(1);
    expect(creek[0].side).toBe('across');
    const [reach, carry] = hazardRows(yardages, 'yards')[yardages.hazards.indexOf(creek[0])].fromTees[0].split('/').map(Number);
    expect(reach).toBeGreaterThanOrEqual(105);
    expect(reach).toBeLessThanOrEqual(110);
    expect(carry).toBeGreaterThanOrEqual(126);
    expect(carry).toBeLessThanOrEqual(131);
  });
});
