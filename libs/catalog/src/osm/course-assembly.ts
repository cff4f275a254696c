/**
 * Builds the catalog Course(s) of one leisure=golf_course boundary: sub-course split, hole
 * numbering and direction, feature-to-hole assignment, tee sets, provenance and the report.
 */
import type { Course, CourseFeature, Hole, Inference } from '../model';
import type { BoundaryMembers } from './boundary-membership';
import type { ClassifiedFeature } from './classified-feature';
import { courseIdentity } from './course-identity';
import { usageOf } from './feature-hole-evidence';
import { assignFeaturesToHoles, GREENSIDE_METERS, HOLE_BUFFER_METERS, NAMED_SANITY_METERS, type PlacedFeature } from './hole-feature-assignment';
import { buildHole, orientHole, type OrientedHole } from './hole-assembly';
import { assignHoleNumbers, osmIdOrder, type HoleNumbering } from './hole-number-assignment';
import { emptyLayerCounts, type CourseImportReport } from './import-report';
import { localProjection, pointShapeDistance, shapeCentroid, toPlanarShape, geometryBounds } from './planar-geometry';
import { isCoursePrefix, splitSubCourses, type SubCourseGroup } from './sub-course-split';
import { newestEditTime } from './osm-edit-times';
import { planTeeSets } from './tee-sets';
import { courseQuality, statedHoleCount } from '../quality/course-quality';

export const OSM_LICENSE = 'ODbL-1.0';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

export interface AssembledCourse {
  course: Course;
  report: CourseImportReport;
}

export function assembleBoundaryCourses({ boundary, members, inferred }: BoundaryMembers): AssembledCourse[] {
  const box = geometryBounds(boundary.feature.geometry);
  const projection = localProjection([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]);
  const place = (f: ClassifiedFeature): PlacedFeature => {
    const shape = toPlanarShape(f.feature.geometry, projection);
    return { ...f, shape, center: shapeCentroid(shape) };
  };
  const placed = members.map(place);
  const placedById = new Map(placed.map((p) => [p.feature.id, p]));
  const holeLines = placed.filter((p) => p.layer === 'centerlines' && p.shape.lines.length > 0);
  const groups = splitSubCourses(holeLines.map((p) => p.feature));
  const numberings = groups.map((g) => assignHoleNumbers(g.holes, (title) => isCoursePrefix(title, groups)));

  const greenShapes = placed.filter((p) => p.layer === 'greens').map((p) => p.shape);
  const teeShapes = placed.filter((p) => p.layer === 'tees').map((p) => p.shape);
  const oriented: OrientedHole[] = [];
  const degenerate: string[] = [];
  numberings.forEach((numbering, group) => {
    for (const numbered of numbering.holes) {
      const hole = orientHole(numbered, group, placedById.get(numbered.feature.id) as PlacedFeature, greenShapes, teeShapes);
      if (hole) oriented.push(hole);
      else degenerate.push(numbered.feature.id);
    }
  });
  const holeFeatureIds = new Set(holeLines.map((p) => p.feature.id));
  const assignable = placed.filter((p) => !holeFeatureIds.has(p.feature.id));
  const assignment = assignFeaturesToHoles(
    oriented.map((o) => o.line),
    assignable,
    { courseName: (group) => groups[group]?.name ?? null },
  );

  return groups.map((group, index) =>
    assembleGroupCourse({
      boundary,
      group,
      index,
      groups,
      numbering: numberings[index],
      oriented: oriented.filter((o) => o.group === index),
      allOriented: oriented,
      assignable,
      holeLines,
      assignment,
      projection,
      degenerate,
      inferred: inferred ?? null,
    }),
  );
}

interface GroupContext {
  boundary: ClassifiedFeature;
  group: SubCourseGroup;
  index: number;
  groups: SubCourseGroup[];
  numbering: HoleNumbering;
  oriented: OrientedHole[];
  allOriented: OrientedHole[];
  assignable: PlacedFeature[];
  holeLines: PlacedFeature[];
  assignment: ReturnType<typeof assignFeaturesToHoles>;
  projection: ReturnType<typeof localProjection>;
  degenerate: string[];
  inferred: BoundaryMembers['inferred'] | null;
}

function assembleGroupCourse(ctx: GroupContext): AssembledCourse {
  const { boundary, group, index, groups, numbering, oriented, assignment } = ctx;
  const split = groups.length > 1;
  const identity = courseIdentity(boundary.feature, split ? group.name : null);
  const numberOfKey = new Map(oriented.map((o) => [o.line.key, o.numbered.number]));
  const features: CourseFeature[] = [toCourseFeature(boundary, [])];
  const counts = emptyLayerCounts();
  counts['course-boundary'].unassigned++;

  // hole lines of this course: the numbered ones carry their hole; duplicates and unnumbered ones none
  const orientedById = new Map(oriented.map((o) => [o.numbered.feature.id, o]));
  const groupLineIds = new Set(group.holes.map((h) => h.id));
  for (const line of ctx.holeLines.filter((l) => groupLineIds.has(l.feature.id))) {
    const o = orientedById.get(line.feature.id);
    const feature = toCourseFeature(line, o ? [o.numbered.number] : []);
    if (o) feature.geometry = { type: 'LineString', coordinates: o.coordinates };
    features.push(feature);
    counts.centerlines[o ? 'assigned' : 'unassigned']++;
  }

  for (const placed of ctx.assignable) {
    const keys = [...(assignment.holesOf.get(placed.feature.id) ?? [])];
    const numbers = keys.filter((k) => numberOfKey.has(k)).map((k) => numberOfKey.get(k) as number);
    if (keys.length > 0 && numbers.length === 0) continue; // belongs to another course of the boundary
    if (keys.length === 0 && split && nearestGroup(placed, ctx.allOriented) !== index) continue;
    features.push(toCourseFeature(placed, numbers));
    counts[placed.layer][numbers.length > 0 ? 'assigned' : 'unassigned']++;
  }
  features.sort((a, b) => osmIdOrder(a.id, b.id));

  const included = new Set(features.map((f) => f.id));
  const teeFeatures = ctx.assignable.filter((p) => p.layer === 'tees' && included.has(p.feature.id));
  const teePlan = planTeeSets(teeFeatures.map((t) => t.feature));
  for (const feature of features) {
    if (feature.properties.layer === 'tees') feature.properties.teeSetId = teePlan.setsOf.get(feature.id)?.[0] ?? null;
  }

  const inferences: Inference[] = [];
  if (split) {
    inferences.push({
      subject: 'course',
      what: `course "${group.name ?? '(holes with no course name)'}" is one of ${groups.length} courses inside ${boundary.feature.id}`,
      how: group.rule === 'golf:course:name' ? 'golf:course:name tag on the hole lines' : 'shared name prefix of the hole lines',
    });
  }
  inferences.push(...numbering.inferences);
  const holes: Hole[] = [];
  for (const o of [...oriented].sort((a, b) => a.numbered.number - b.numbered.number)) {
    const built = buildHole(
      o,
      assignment,
      features,
      teePlan.setsOf,
      teePlan.teeSets.map((t) => t.id),
      ctx.projection,
    );
    holes.push(built.hole);
    inferences.push(...built.inferences);
  }
  if (holes.length > 0) {
    inferences.push({
      subject: 'course',
      what: 'greens, tees, fairways, hazards, surfaces and trees tied to holes by the hole numbers in their tags and names, else by geometry',
      how: `a hole number in the feature's ref, golf:hole or name first (when that hole is within ${NAMED_SANITY_METERS} m); else green at the end of the hole line, tees at its start, other features within ${HOLE_BUFFER_METERS} m of it (a bunker within ${GREENSIDE_METERS} m of a green only to that green's hole)`,
    });
  }
  inferences.push(...teePlan.inferences);

  const unnumberedLines = numbering.unnumbered.length + ctx.degenerate.filter((id) => groupLineIds.has(id)).length;
  const quality = courseQuality(holes, {
    statedHoles: split ? null : statedHoleCount(boundary.feature.tags),
    holeLinesWithoutNumber: unnumberedLines,
    flags: ctx.inferred ? ['boundary-inferred'] : [],
  });
  if (ctx.inferred) inferences.unshift({ subject: 'course', what: 'course boundary drawn around hole lines mapped without one', how: ctx.inferred.how });
  const missing = missingFacts(identity.nameFromTag && !ctx.inferred, identity.location.country, holes, numbering, teePlan.missing);
  const { holesMissing, holesExpected, holesExpectedFrom } = quality.completeness;
  if (holesMissing.length > 0) {
    missing.unshift(
      `holes ${holesMissing.join(', ')}: not mapped (${holesExpected} expected, from ${holesExpectedFrom === 'holes' ? 'the holes tag' : 'the highest hole number'})`,
    );
  }
  const relationIds = features.filter((f) => f.id.startsWith('relation/')).map((f) => f.id);
  const inputs = [...new Set([boundary.feature.input, ...ctx.assignable.map((p) => p.feature.input)])].sort();
  const lastEdited = newestEditTime([boundary, ...ctx.holeLines, ...ctx.assignable].filter((p) => included.has(p.feature.id)).map((p) => p.feature.editedAt));
  const [lon, lat] = [identity.location.longitude ?? 0, identity.location.latitude ?? 0];
  const course: Course = {
    id: identity.id,
    name: ctx.inferred ? `Unnamed golf course at ${lat.toFixed(4)}, ${lon.toFixed(4)}` : identity.name,
    location: identity.location,
    classification: identity.classification,
    active: holes.length > 0,
    teeSets: teePlan.teeSets,
    holes,
    features,
    elevation: { ground: null, greens: {}, trees: null },
    measurements: { greens: [], fairways: [] },
    contact: identity.contact,
    amenities: null,
    operations: null,
    editorial: null,
    media: { images: [], videos: [] },
    quality,
    provenance: {
      sources: [
        {
          kind: 'osm',
          name: 'OpenStreetMap',
          license: OSM_LICENSE,
          attribution: OSM_ATTRIBUTION,
          // no file names: the same objects read from another file are the same course (one revision)
          ids: [boundary.feature.id, ...relationIds.filter((id) => id !== boundary.feature.id)],
          ...(lastEdited ? { lastEdited } : {}),
        },
      ],
      inferences,
      missing,
    },
  };
  const lineIds = (list: { id: string }[]) => list.map((f) => f.id).sort(osmIdOrder);
  return {
    course,
    report: {
      courseId: course.id,
      courseName: course.name,
      boundaryId: boundary.feature.id,
      inputs,
      subCourse: split ? group.name : null,
      active: course.active,
      holeCount: holes.length,
      holeNumbers: holes.map((h) => h.number),
      features: counts,
      reversedHoles: holes.filter((h) => h.flags.includes('direction-reversed')).map((h) => h.number),
      holesWithoutGreen: holes.filter((h) => h.flags.includes('green-missing')).map((h) => h.number),
      holesWithoutTee: holes.filter((h) => h.flags.includes('tee-missing')).map((h) => h.number),
      holesWithoutPar: holes.filter((h) => h.par === null).map((h) => h.number),
      duplicateHoleLines: lineIds(numbering.holes.flatMap((h) => h.duplicates)),
      unnumberedHoleLines: lineIds([...numbering.unnumbered, ...ctx.degenerate.filter((id) => groupLineIds.has(id)).map((id) => ({ id }))]),
      inferences,
      missing,
      completeness: quality.completeness,
      qualityFlags: quality.flags,
    },
  };
}

function nearestGroup(feature: PlacedFeature, holes: OrientedHole[]): number {
  let best = { group: 0, distance: Infinity };
  for (const hole of holes) {
    const distance = pointShapeDistance(feature.center, hole.line.shape);
    if (distance < best.distance) best = { group: hole.group, distance };
  }
  return best.group;
}

function toCourseFeature(f: ClassifiedFeature, holeNumbers: number[]): CourseFeature {
  return {
    type: 'Feature',
    id: f.feature.id,
    geometry: f.feature.geometry,
    properties: {
      layer: f.layer,
      holeNumbers: [...new Set(holeNumbers)].sort((a, b) => a - b),
      kind: f.kind,
      name: f.feature.tags['name']?.trim() || null,
      // only tees carry it: an out-of-play box must not set a yardage
      ...(f.layer === 'tees' && usageOf(f.feature.tags) ? { usage: usageOf(f.feature.tags) } : {}),
      source: { kind: 'osm', id: f.feature.id },
    },
  };
}

function missingFacts(nameFromTag: boolean, country: string | null, holes: Hole[], numbering: HoleNumbering, teeMissing: string[]): string[] {
  const missing: string[] = [];
  const list = (flag: string) => holes.filter((h) => h.flags.includes(flag)).map((h) => h.number);
  const describe = (numbers: number[]) => (numbers.length === holes.length ? `all ${holes.length} holes` : `holes ${numbers.join(', ')}`);
  if (!nameFromTag) missing.push('course name: the boundary has no name tag');
  if (country === null) missing.push('country: no iso_country or addr:country tag');
  if (holes.length === 0) missing.push('holes: no numbered golf=hole line inside the boundary');
  for (const [flag, fact] of [
    ['par-missing', 'par'],
    ['handicap-missing', 'handicap (stroke index)'],
    ['green-missing', 'green'],
    ['tee-missing', 'tee'],
  ] as const) {
    const numbers = list(flag);
    if (numbers.length > 0) missing.push(`${fact} on ${describe(numbers)}`);
  }
  if (numbering.unnumbered.length > 0) {
    missing.push(`hole number for ${numbering.unnumbered.length} golf=hole lines (no ref, no number in the name)`);
  }
  missing.push(...teeMissing);
  missing.push('elevation: not part of the OSM import');
  return missing;
}
