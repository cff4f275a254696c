import { type BBox, LocalProjection, type LonLat, tileForLonLat } from '@caddie/geometry';
import type { DemoCoursePlan } from './demo-course-plan';
import { DEMO_COURSE_PLANS } from './demo-courses';

/** Margin around the front-nine greens in the example static map, metres. */
const GREENS_MARGIN_METERS = 40;

/**
 * Where the API document's worked examples point on a demo course: its location, a green's
 * tile and a box around the front-nine greens. Computed from the course plan (as the generator
 * lays the course out), so the examples follow the demo courses wherever they are drawn and
 * "Try it" lands on the course, not on a place it left.
 */
export interface DemoExamplePlaces {
  courseId: string;
  name: string;
  location: { city: string; region: string; country: string; longitude: number; latitude: number };
  /** the green of `hole` as planned (the generator builds the green around it) */
  greenCenter(hole: number): LonLat;
  /** XYZ tile holding the green of `hole` at `zoom` */
  greenTile(hole: number, zoom: number): { zoom: number; x: number; y: number };
  /** west, south, east, north around the greens of holes first..last, with a margin */
  greensBBox(first: number, last: number): BBox;
}

export function demoExamplePlaces(courseId: string): DemoExamplePlaces {
  const plan: DemoCoursePlan | undefined = DEMO_COURSE_PLANS.find((p) => p.id === courseId);
  if (!plan) throw new Error(`no demo course ${courseId}`);
  const projection = new LocalProjection(plan.origin);
  const greenOf = (hole: number): LonLat => {
    const planned = plan.holes.find((h) => h.number === hole);
    if (!planned) throw new Error(`demo course ${courseId} has no hole ${hole}`);
    return projection.toLonLat(planned.green);
  };
  const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
  const greensBBox = (first: number, last: number): BBox => {
    const greens = plan.holes.filter((h) => h.number >= first && h.number <= last).map((h) => h.green);
    if (!greens.length) throw new Error(`demo course ${courseId} has no holes ${first}..${last}`);
    const [w, s] = projection.toLonLat([
      Math.min(...greens.map((g) => g[0])) - GREENS_MARGIN_METERS,
      Math.min(...greens.map((g) => g[1])) - GREENS_MARGIN_METERS,
    ]);
    const [e, n] = projection.toLonLat([
      Math.max(...greens.map((g) => g[0])) + GREENS_MARGIN_METERS,
      Math.max(...greens.map((g) => g[1])) + GREENS_MARGIN_METERS,
    ]);
    return [round(w), round(s), round(e), round(n)];
  };
  return {
    courseId: plan.id,
    name: plan.name,
    location: { city: plan.city, region: plan.region, country: plan.country, longitude: plan.origin[0], latitude: plan.origin[1] },
    greenCenter: greenOf,
    greenTile: (hole, zoom) => tileForLonLat(greenOf(hole), zoom),
    greensBBox,
  };
}
