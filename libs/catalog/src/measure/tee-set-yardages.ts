/**
 * Scorecard yardages per tee set. A set's length on a hole is its longest tee (the back box of
 * the set); every box of the set is listed too, longest first, each with how its length was
 * obtained. Tees of no set and out-of-play boxes (never in `hole.tees`) set no length.
 */
import type { Course, Hole, LengthOrigin } from '../model';

/** What a set's hole length is, stated in the scorecard dataset. */
export const YARDAGE_BASIS = 'longest-tee-of-set';

/** Lengths of courses imported before origins were recorded were measured the same way. */
const UNRECORDED_ORIGIN: LengthOrigin = { kind: 'measured', detail: 'along-hole-line' };

export interface TeeLength {
  featureId: string;
  yards: number;
  origin: LengthOrigin;
}

export interface TeeSetLength extends TeeLength {
  /** every box of the set on this hole, longest first (the first is the set's length) */
  tees: TeeLength[];
}

export interface TeeSetTotal {
  yards: number;
  /** holes whose length for this set is known and counted in `yards` */
  holesCounted: number;
  /** holes of the course with no length for this set */
  holesWithoutLength: number[];
}

export function teeSetLengths(hole: Hole, teeSetIds: readonly string[]): Record<string, TeeSetLength> {
  const lengths: Record<string, TeeSetLength> = {};
  for (const setId of teeSetIds) {
    const tees = hole.tees
      .filter((t) => t.teeSetId === setId && t.yards !== null)
      .map((t) => ({ featureId: t.featureId, yards: t.yards as number, origin: t.yardsOrigin ?? UNRECORDED_ORIGIN }))
      .sort((a, b) => b.yards - a.yards || (a.featureId < b.featureId ? -1 : a.featureId > b.featureId ? 1 : 0));
    if (tees.length > 0) lengths[setId] = { ...tees[0], tees };
  }
  return lengths;
}

export function teeSetTotals(course: Course): Record<string, TeeSetTotal> {
  const ids = course.teeSets.map((t) => t.id);
  const totals: Record<string, TeeSetTotal> = Object.fromEntries(ids.map((id) => [id, { yards: 0, holesCounted: 0, holesWithoutLength: [] }]));
  for (const hole of course.holes) {
    const lengths = teeSetLengths(hole, ids);
    for (const id of ids) {
      if (lengths[id]) {
        totals[id].yards += lengths[id].yards;
        totals[id].holesCounted++;
      } else totals[id].holesWithoutLength.push(hole.number);
    }
  }
  return totals;
}
