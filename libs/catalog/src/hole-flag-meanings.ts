/**
 * What each hole-level quality flag means, in words a golfer or a print shop understands (the
 * console shows these beside each hole; README "Quality flags" explains the rules behind them).
 * Dependency-free so the console bundles it.
 */
export const HOLE_FLAG_MEANINGS: Record<string, string> = {
  'par-missing': 'the source has no par for this hole',
  'handicap-missing': 'the source has no stroke index for this hole',
  'green-missing': 'no green was found for this hole',
  'tee-missing': 'no tee in play was found for this hole',
  'number-from-name': 'the hole number was read from the line’s name',
  'number-inferred': 'the hole number is the only gap left for the only unnumbered line',
  'duplicate-number': 'other lines carry the same number and were left out',
  'direction-reversed': 'the hole line was drawn green to tee and has been turned',
  'direction-conflicting': 'the evidence for the direction of play disagreed',
  'multi-part-line': 'the hole line has several parts; the longest is used',
  'name-geometry-conflict': 'a feature named for this hole lies where its shape would give it to another hole; it was assigned by its name',
  'named-feature-too-far': 'a feature named for this hole lies more than 200 m away and was not followed',
  'green-contested': 'the lines of several holes end at this same green',
  'green-named-for-other-hole': 'the line ends at a green named for another hole, which is not borrowed',
  'green-from-name': 'the green was taken by its name, not found at the end of the line',
  'tee-out-of-play': 'a tee marked unused or temporary is drawn but left out of yardages',
};

/** A flag in words; an unknown flag is shown as its code (never dropped). */
export function holeFlagInWords(flag: string): string {
  return HOLE_FLAG_MEANINGS[flag] ?? flag;
}
