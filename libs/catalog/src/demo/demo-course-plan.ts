import type { LonLat, Meters2 } from '@caddie/geometry';

export type Par = 3 | 4 | 5;

export interface DoglegPlan {
  /** distance of the corner from the back tee, yards */
  atYards: number;
  /** change of heading at the corner, degrees; positive turns right */
  turn: number;
}

export interface HolePlan {
  number: number;
  name: string;
  par: Par;
  /** playing length from the back tee, yards */
  yards: number;
  /** bearing of the first leg, degrees clockwise from north */
  heading: number;
  dogleg: DoglegPlan | null;
  /** men's stroke index */
  handicap: number;
  /** stroke index from the forward tees */
  forwardHandicap: number;
  /** walk to this hole's back tee, from the previous green or (first hole of a loop) the clubhouse */
  walk: { bearing: number; meters: number; fromClubhouse?: boolean };
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
  water: WaterPlan[];
  teeSets: TeeSetPlan[];
  holes: HolePlan[];
}

/** number, name, par, back-tee yards, heading, dogleg [at yards, turn] or null, hcp, forward hcp, walk [bearing, metres] */
export type HolePlanRow = [number, string, Par, number, number, [number, number] | null, number, number, [number, number]];

/** Expands compact plan rows; `clubhouseStarts` lists holes whose walk starts at the clubhouse. */
export function holePlansFromRows(rows: readonly HolePlanRow[], clubhouseStarts: readonly number[]): HolePlan[] {
  return rows.map(([number, name, par, yards, heading, dogleg, handicap, forwardHandicap, walk]) => ({
    number,
    name,
    par,
    yards,
    heading,
    dogleg: dogleg ? { atYards: dogleg[0], turn: dogleg[1] } : null,
    handicap,
    forwardHandicap,
    walk: { bearing: walk[0], meters: walk[1], fromClubhouse: clubhouseStarts.includes(number) },
  }));
}
