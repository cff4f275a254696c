import type { LonLat, Meters2 } from '@caddie/geometry';

export type Par = 3 | 4 | 5;

/**
 * One hole as an architect draws it on the site plan: the back tee, the corners of the play
 * line (none, one dogleg, or two for a hole that bends twice) and the green centre, in metres
 * around the clubhouse. The playing length follows from the drawing (rounded to whole yards,
 * see routeHoles).
 */
export interface HolePlan {
  number: number;
  name: string;
  par: Par;
  tee: Meters2;
  /** corners of the play line in playing order; each turns left or right as drawn */
  bends: Meters2[];
  green: Meters2;
  /** men's stroke index */
  handicap: number;
  /** stroke index from the forward tees */
  forwardHandicap: number;
}

export interface TeeSetPlan {
  id: string;
  name: string;
  color: string;
  /** how far ahead of the back tee this set plays, yards, by par */
  forwardYards: Record<Par, number>;
  /** uses the forward stroke index */
  forward: boolean;
}

export type WaterKind = 'water_hazard' | 'lateral_water_hazard' | 'natural_water';

/** A pond placed relative to a green: bearing relative to the approach (0 = beyond, 180 = short). */
export interface GreenPondPlan {
  shape: 'pond';
  id: string;
  kind: WaterKind;
  name: string | null;
  nearGreenOf: number;
  relativeBearing: number;
  distance: number;
  radius: number;
}

export interface PondPlan {
  shape: 'pond';
  id: string;
  kind: WaterKind;
  name: string | null;
  center: Meters2;
  radius: number;
}

export interface CreekPlan {
  shape: 'creek';
  id: string;
  kind: WaterKind;
  name: string | null;
  line: Meters2[];
  width: number;
}

export type WaterPlan = GreenPondPlan | PondPlan | CreekPlan;

export interface DemoCoursePlan {
  id: string;
  name: string;
  seed: string;
  city: string;
  region: string;
  country: string;
  classification: string;
  /** lon/lat of the clubhouse; all planning is in metres around it */
  origin: LonLat;
  /** typical ground height of the site, metres */
  baseElevationMeters: number;
  /** amplitude of the rolling terrain, metres */
  reliefMeters: number;
  /** bearing of the front door side of the clubhouse, toward the access road */
  roadSide: number;
  roadName: string;
  /** centre of the car park, metres from the clubhouse */
  parking: Meters2;
  practice: PracticePlan;
  water: WaterPlan[];
  teeSets: TeeSetPlan[];
  holes: HolePlan[];
}

/** The practice ground beside the clubhouse. */
export interface PracticePlan {
  /** centre of the practice putting green */
  puttingGreen: Meters2;
  /** driving range: centre of its hitting tee, direction of play, length and width, metres */
  range: { tee: Meters2; bearing: number; length: number; width: number };
}

/** number, name, par, back tee, corners of the play line, green centre, hcp, forward hcp */
export type HolePlanRow = [number, string, Par, Meters2, Meters2[], Meters2, number, number];

export function holePlansFromRows(rows: readonly HolePlanRow[]): HolePlan[] {
  return rows.map(([number, name, par, tee, bends, green, handicap, forwardHandicap]) => ({
    number,
    name,
    par,
    tee,
    bends,
    green,
    handicap,
    forwardHandicap,
  }));
}
