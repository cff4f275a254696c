import type { Hole, HoleTee, TeeSet } from '@caddie/catalog';
import { haversineDistance, METERS_PER_YARD, nearestPointOnPolyline, polylineLength } from '@caddie/geometry';

/** How the profiled tee was chosen. */
export type ProfileTeeMatch = 'id' | 'name' | 'color' | 'furthest-default' | 'furthest-fallback';

export interface ProfileTeeChoice {
  tee: HoleTee;
  teeSet: TeeSet | null;
  matchedBy: ProfileTeeMatch;
}

/** Metres from the tee to the green along the hole: the catalog's yards when known, else the play line. */
function playingMeters(hole: Hole, tee: HoleTee): number {
  if (tee.yards !== null) return tee.yards * METERS_PER_YARD;
  if (hole.centerline.length < 2) return hole.greenCenter ? haversineDistance(tee.center, hole.greenCenter) : 0;
  return polylineLength(hole.centerline) - nearestPointOnPolyline(hole.centerline, tee.center).alongMeters;
}

/** The furthest tee; ties keep catalog order so the choice is stable. */
export function furthestTee(hole: Hole): HoleTee | null {
  let best: HoleTee | null = null;
  let bestMeters = -Infinity;
  for (const tee of hole.tees) {
    const meters = playingMeters(hole, tee);
    if (meters > bestMeters + 1e-9) {
      best = tee;
      bestMeters = meters;
    }
  }
  return best;
}

const normalizeColor = (value: string) => value.trim().toLowerCase().replace(/^#/, '');

/**
 * `profileTee`: a case-insensitive tee set id, tee feature id, tee set name or colour (with or
 * without the leading '#'). Id beats name beats colour; among equal matches the longest tee wins.
 * An unmatched or absent value gives the furthest tee. Null only when the hole has no tee.
 */
export function selectProfileTee(hole: Hole, teeSets: readonly TeeSet[], requested: string | undefined): ProfileTeeChoice | null {
  const furthest = furthestTee(hole);
  if (!furthest) return null;
  const setOf = (tee: HoleTee) => teeSets.find((set) => set.id === tee.teeSetId) ?? null;
  const wanted = requested?.trim().toLowerCase() ?? '';
  if (wanted === '') return { tee: furthest, teeSet: setOf(furthest), matchedBy: 'furthest-default' };

  const tests: [Exclude<ProfileTeeMatch, `furthest-${string}`>, (tee: HoleTee, set: TeeSet | null) => boolean][] = [
    ['id', (tee, set) => set?.id.toLowerCase() === wanted || tee.featureId.toLowerCase() === wanted],
    ['name', (_tee, set) => set?.name.trim().toLowerCase() === wanted],
    ['color', (_tee, set) => set?.color != null && normalizeColor(set.color) === normalizeColor(wanted)],
  ];
  for (const [matchedBy, test] of tests) {
    const matches = hole.tees.filter((tee) => test(tee, setOf(tee)));
    if (matches.length === 0) continue;
    const tee = matches.reduce((a, b) => (playingMeters(hole, b) > playingMeters(hole, a) + 1e-9 ? b : a));
    return { tee, teeSet: setOf(tee), matchedBy };
  }
  return { tee: furthest, teeSet: setOf(furthest), matchedBy: 'furthest-fallback' };
}
