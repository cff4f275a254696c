/**
 * OpenStreetMap → catalog courses. Every leisure=golf_course boundary in the inputs becomes
 * a course (or several, when it holds several named courses); a course is `active` only when
 * at least one numbered hole line with geometry backs it.
 */
import type { Course } from '../model';
import { groupByBoundary } from './boundary-membership';
import type { ClassifiedFeature } from './classified-feature';
import { assembleBoundaryCourses } from './course-assembly';
import { osmIdOrder } from './hole-number-assignment';
import type { CourseImportReport, UnplacedFeatures } from './import-report';
import { classifyFeature } from './layer-classification';
import { resolveOrphanHoleLines } from './orphan-hole-lines';
import { parseOsmInput, type ParsedInput } from './osm-parser';
import type { OsmInputFormat, TaggedFeature } from './tagged-feature';

export type OsmInput =
  | {
      /** used in errors, reports and provenance; never used to guess the format */
      name: string;
      content: Buffer | string;
    }
  /** features already read, e.g. streamed from a .osm.pbf extract by readOsmPbf */
  | { name: string; parsed: ParsedInput };

export interface OsmImportProgress {
  stage: 'parse' | 'classify' | 'assemble';
  done: number;
  total: number;
  /** input name while parsing, boundary id while assembling */
  item: string | null;
}

export interface OsmImportOptions {
  onProgress?: (progress: OsmImportProgress) => void;
}

export interface OsmImportResult {
  courses: Course[];
  reports: CourseImportReport[];
  inputs: { name: string; format: OsmInputFormat; features: number }[];
  unplaced: UnplacedFeatures;
}

export function importOsm(inputs: OsmInput[], options: OsmImportOptions = {}): OsmImportResult {
  const progress = options.onProgress ?? (() => undefined);
  const byId = new Map<string, TaggedFeature>();
  const inputSummaries: OsmImportResult['inputs'] = [];
  inputs.forEach((input, i) => {
    progress({ stage: 'parse', done: i, total: inputs.length, item: input.name });
    const parsed = 'parsed' in input ? input.parsed : parseOsmInput(input.name, input.content);
    inputSummaries.push({ name: input.name, format: parsed.format, features: parsed.features.length });
    // the same object in two inputs (overlapping extracts): the first input wins
    for (const feature of parsed.features) if (!byId.has(feature.id)) byId.set(feature.id, feature);
  });
  progress({ stage: 'parse', done: inputs.length, total: inputs.length, item: null });

  const all = [...byId.values()].sort((a, b) => osmIdOrder(a.id, b.id));
  const classified: ClassifiedFeature[] = [];
  let unclassified = 0;
  for (const feature of all) {
    const layerClass = classifyFeature(feature.tags, feature.geometry.type);
    if (layerClass) classified.push({ feature, ...layerClass });
    else unclassified++;
  }
  progress({ stage: 'classify', done: all.length, total: all.length, item: null });

  const membership = groupByBoundary(classified);
  const orphans = resolveOrphanHoleLines(membership.outside);
  const boundaries = [...membership.courses, ...orphans.inferred];
  const courses: Course[] = [];
  const reports: CourseImportReport[] = [];
  boundaries.forEach((members, i) => {
    progress({ stage: 'assemble', done: i, total: boundaries.length, item: members.boundary.feature.id });
    for (const assembled of assembleBoundaryCourses(members)) {
      courses.push(assembled.course);
      reports.push(assembled.report);
    }
  });
  progress({ stage: 'assemble', done: boundaries.length, total: boundaries.length, item: null });

  const order = courses.map((_, i) => i).sort((a, b) => (courses[a].id < courses[b].id ? -1 : courses[a].id > courses[b].id ? 1 : 0));
  return {
    courses: order.map((i) => courses[i]),
    reports: order.map((i) => reports[i]),
    inputs: inputSummaries,
    unplaced: {
      unclassified,
      outsideBoundaries: orphans.stillOutside.length,
      holeLinesOutsideBoundaries: orphans.stillOutside.filter((f) => f.layer === 'centerlines').map((f) => f.feature.id),
      holeLinesLeftOut: orphans.leftOut,
      inferredCourses: reports.filter((r) => r.qualityFlags.includes('boundary-inferred')).map((r) => r.courseId),
    },
  };
}
