/**
 * Oriented hole lines and the catalog Hole objects built on them.
 */
import type { BBox, CourseFeature, Hole, HoleTee, Inference, LengthOrigin, LonLat } from '../model';
import { decideHoleDirection, measureDirectionEvidence, type DirectionDecision } from './hole-direction';
import { NAMED_SANITY_METERS, type HoleFeatureAssignment, type HoleLine, type PlacedFeature } from './hole-feature-assignment';
import { sampleLine } from './hole-feature-assignment';
import type { NumberedHoleLine } from './hole-number-assignment';
import { parseSmallIntegerTag } from './hole-numbering';
import { geometryBounds, mergeBounds, polylineLength, projectOntoLine, roundCoordinate, type LocalProjection, type PlanarShape } from './planar-geometry';

const METERS_PER_YARD = 0.9144;

/** The measuring method of every OSM hole length without a length tag. */
export const MEASURED_ALONG_LINE: LengthOrigin = {
  kind: 'measured',
  detail: 'along-hole-line: from the tee centre projected on the hole line to the line end at the green (plus the gap to the first node for a tee behind it)',
};

/**
 * A tee farther than this beside its hole line is measured from its projection on the line; the
 * length printed for it may be far from the one played (Český Krumlov's 18th: a tee 35 m off a
 * 99-yard line measured 134 yards), so the hole is flagged `tee-off-line`.
 */
export const TEE_OFF_LINE_METERS = 25;
/**
 * A tee projecting into the last fifth of the hole line is not where the hole is played from (at
 * L'Anglais's 2nd it was the next tee beside the green, listed at 0 yards): it keeps no length.
 */
export const TEE_AT_GREEN_END_SHARE = 0.2;

/** How each assignment note came about, for the inference record. */
const NOTE_RULES: Record<string, string> = {
  'name-geometry-conflict': `a hole number in the feature name or tags wins over position when the named hole is within ${NAMED_SANITY_METERS} m`,
  'named-feature-too-far': `a hole number in a name is not followed to a hole more than ${NAMED_SANITY_METERS} m away`,
  'green-contested': 'the ends of several hole lines reach the same green',
  'green-named-for-other-hole': 'a green named for another hole is not borrowed',
  'green-from-name': 'a hole whose line reaches no green of its own takes the green named for it',
  'tee-out-of-play': 'tees named or tagged unused/temporary are kept out of yardages',
};

/**
 * Lengths the source states on the hole line replace the measured ones: `dist:<set>` per tee set,
 * or `dist` when the course has one set. Returns the sets that took a tagged length.
 */
function applyTaggedLengths(tees: HoleTee[], tags: Record<string, string>, teeSetIds: readonly string[]): string[] {
  const applied: string[] = [];
  for (const setId of teeSetIds) {
    const key = tags[`dist:${setId}`] !== undefined ? `dist:${setId}` : teeSetIds.length === 1 && tags['dist'] !== undefined ? 'dist' : null;
    const yards = key ? yardsOfTag(tags[key]) : null;
    if (key === null || yards === null) continue;
    const inSet = tees.filter((t) => t.teeSetId === setId).sort((a, b) => (b.yards ?? 0) - (a.yards ?? 0));
    if (inSet.length === 0) continue;
    // the stated length is the set's (its back tee's); its other boxes keep their measured lengths
    inSet[0].yards = yards;
    inSet[0].yardsOrigin = { kind: 'source', detail: key };
    applied.push(setId);
  }
  return applied;
}

function yardsOfTag(value: string | undefined): number | null {
  const m = /^\s*(\d{2,4}(?:\.\d+)?)\s*(m|yd|yds|yards)?\s*$/i.exec(value ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  return Math.round(m[2] && /^y/i.test(m[2]) ? n : n / METERS_PER_YARD);
}

export interface OrientedHole {
  numbered: NumberedHoleLine;
  group: number;
  line: HoleLine;
  /** source coordinates, tee first */
  coordinates: LonLat[];
  direction: DirectionDecision;
  multiPart: boolean;
}

/** The longest part of the hole's line, turned to run tee → green when the evidence says so. */
export function orientHole(numbered: NumberedHoleLine, group: number, placed: PlacedFeature, greens: PlanarShape[], tees: PlanarShape[]): OrientedHole | null {
  const geometry = numbered.feature.geometry;
  const parts: number[][][] = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.type === 'MultiLineString' ? geometry.coordinates : [];
  const planarParts = placed.shape.lines;
  let index = -1;
  let longest = 0;
  planarParts.forEach((part, i) => {
    const length = polylineLength(part);
    if (length > longest) [index, longest] = [i, length];
  });
  if (index < 0 || parts[index].length < 2) return null;
  let line = planarParts[index];
  let coordinates = parts[index].map((c) => [c[0], c[1]] as LonLat);
  const direction = decideHoleDirection(measureDirectionEvidence(line, greens, tees));
  if (direction.reversed) {
    line = [...line].reverse();
    coordinates = [...coordinates].reverse();
  }
  const shape: PlanarShape = { points: [], lines: [line], polygons: [], box: placed.shape.box };
  return {
    numbered,
    group,
    line: { key: `${group}:${numbered.number}`, number: numbered.number, group, line, shape, length: longest, samples: sampleLine(line) },
    coordinates,
    direction,
    multiPart: planarParts.length > 1,
  };
}

export interface BuiltHole {
  hole: Hole;
  inferences: Inference[];
}

export function buildHole(
  oriented: OrientedHole,
  assignment: HoleFeatureAssignment,
  features: CourseFeature[],
  teeSetsOf: Map<string, string[]>,
  teeSetIds: readonly string[],
  projection: LocalProjection,
): BuiltHole {
  const { numbered, line } = oriented;
  const tags = numbered.feature.tags;
  const flags: string[] = [];
  const inferences: Inference[] = [];
  const subject = `hole ${numbered.number}`;
  const par = parseSmallIntegerTag(tags['par'], 2, 7);
  const handicap = parseSmallIntegerTag(tags['handicap'] ?? tags['hcp'], 1, 54);
  if (par === null) flags.push('par-missing');
  if (handicap === null) flags.push('handicap-missing');
  if (numbered.source === 'name') flags.push('number-from-name');
  if (numbered.source === 'gap') flags.push('number-inferred');
  if (numbered.duplicates.length > 0) flags.push('duplicate-number');
  if (oriented.multiPart) flags.push('multi-part-line');
  if (oriented.direction.reversed) {
    flags.push('direction-reversed');
    inferences.push({
      subject,
      what: `${numbered.feature.id} is drawn green → tee; reversed to run tee → green`,
      how: oriented.direction.reason,
    });
  }
  if (oriented.direction.conflicting) flags.push('direction-conflicting');
  for (const note of assignment.notes.filter((n) => n.holeKey === line.key)) {
    if (!flags.includes(note.flag)) flags.push(note.flag);
    inferences.push({ subject, what: note.what, how: NOTE_RULES[note.flag] ?? 'feature evidence' });
  }

  const green = assignment.green.get(line.key) ?? null;
  if (!green) flags.push('green-missing');
  const tees = assignment.tees.get(line.key) ?? [];
  if (tees.length === 0) flags.push('tee-missing');
  const pin = assignment.pin.get(line.key) ?? null;

  const holeTees: HoleTee[] = [];
  for (const tee of tees) {
    const { along, offset } = projectOntoLine(tee.center, line.line);
    // a tee behind the first node plays the extra distance to it
    const meters = line.length - along + (along === 0 ? offset : 0);
    const center = projection.toLonLat(tee.center);
    const sets = teeSetsOf.get(tee.feature.id) ?? [];
    const atGreenEnd = line.length - along < line.length * TEE_AT_GREEN_END_SHARE;
    const offLine = !atGreenEnd && offset > TEE_OFF_LINE_METERS;
    if (atGreenEnd) {
      if (!flags.includes('tee-at-green-end')) flags.push('tee-at-green-end');
      inferences.push({
        subject,
        what: `${tee.feature.id} lies at the green end of the hole line (${Math.round(line.length - along)} m before it): listed without a length`,
        how: `a tee projecting into the last ${TEE_AT_GREEN_END_SHARE * 100}% of the hole line is not where the hole is played from`,
      });
    }
    if (offLine) {
      if (!flags.includes('tee-off-line')) flags.push('tee-off-line');
      inferences.push({
        subject,
        what: `${tee.feature.id} lies ${Math.round(offset)} m beside the hole line: its ${Math.round(meters / METERS_PER_YARD)} yards are measured from its projection on the line`,
        how: `tees more than ${TEE_OFF_LINE_METERS} m off the hole line are flagged; the line may not be drawn from this tee`,
      });
    }
    for (const teeSetId of sets.length > 0 ? sets : [null]) {
      const holeTee: HoleTee = atGreenEnd
        ? { teeSetId, featureId: tee.feature.id, center, yards: null }
        : { teeSetId, featureId: tee.feature.id, center, yards: Math.round(meters / METERS_PER_YARD), yardsOrigin: MEASURED_ALONG_LINE };
      if (offLine) holeTee.offLineMeters = Math.round(offset);
      holeTees.push(holeTee);
    }
  }
  const tagged = applyTaggedLengths(holeTees, tags, teeSetIds);
  if (tagged.length > 0) {
    inferences.push({
      subject,
      what: `length of tee sets ${tagged.join(', ')} from the hole's tags`,
      how: 'dist:<set> (metres, or yards with a yd unit) on the hole line; dist alone for a single-set course',
    });
  }
  holeTees.sort((a, b) => (b.yards ?? 0) - (a.yards ?? 0) || cmp(a.featureId, b.featureId) || cmp(a.teeSetId ?? '', b.teeSetId ?? ''));

  let bounds: BBox = geometryBounds({ type: 'LineString', coordinates: oriented.coordinates });
  for (const feature of features) {
    if (feature.properties.holeNumbers.includes(numbered.number)) bounds = mergeBounds(bounds, geometryBounds(feature.geometry));
  }

  return {
    hole: {
      number: numbered.number,
      name: numbered.title,
      par,
      handicap,
      handicapsByTeeSet: {},
      centerline: oriented.coordinates.map(([x, y]) => [roundCoordinate(x), roundCoordinate(y)] as LonLat),
      // OSM has no dogleg concept; a bend in the line is not promoted to one
      dogleg: null,
      tees: holeTees,
      greenFeatureId: green?.feature.id ?? null,
      greenCenter: green ? projection.toLonLat(green.center) : null,
      pin: pin ? pinCoordinates(pin, projection) : null,
      bounds: bounds.map(roundCoordinate) as BBox,
      flags,
    },
    inferences,
  };
}

function pinCoordinates(pin: PlacedFeature, projection: LocalProjection): LonLat {
  const geometry = pin.feature.geometry;
  if (geometry.type === 'Point') return [roundCoordinate(geometry.coordinates[0]), roundCoordinate(geometry.coordinates[1])];
  return projection.toLonLat(pin.center);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
