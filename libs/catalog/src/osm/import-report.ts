import type { OrphanLinesLeftOut } from './orphan-hole-lines';
import { GEOMETRY_LAYERS, type CourseCompleteness, type GeometryLayer, type Inference } from '../model';

export interface LayerCount {
  /** features of the layer tied to at least one hole */
  assigned: number;
  /** features of the layer in the course but tied to no hole */
  unassigned: number;
}

/** What the importer found and decided for one course. */
export interface CourseImportReport {
  courseId: string;
  courseName: string;
  /** the leisure=golf_course object, e.g. 'way/871993734' */
  boundaryId: string;
  /** names of the input files the course was read from (kept out of the course, so its revision follows content only) */
  inputs: string[];
  /** name of the sub-course when one boundary holds several courses */
  subCourse: string | null;
  active: boolean;
  holeCount: number;
  holeNumbers: number[];
  features: Record<GeometryLayer, LayerCount>;
  reversedHoles: number[];
  holesWithoutGreen: number[];
  holesWithoutTee: number[];
  holesWithoutPar: number[];
  /** hole lines dropped because another line carries the same number */
  duplicateHoleLines: string[];
  /** hole lines with no number in ref or name (or, rarely, numbered but without usable geometry) */
  unnumberedHoleLines: string[];
  inferences: Inference[];
  missing: string[];
  completeness: CourseCompleteness;
  /** course-level quality flags ('partial', 'boundary-inferred', …) */
  qualityFlags: string[];
}

/** Features of the inputs that reached no course. */
export interface UnplacedFeatures {
  /** objects with no catalog layer (shops, towers, place nodes, …) */
  unclassified: number;
  /** classified features inside no leisure=golf_course boundary */
  outsideBoundaries: number;
  /** golf=hole lines inside no boundary, real or inferred (each is also in `holeLinesLeftOut`) */
  holeLinesOutsideBoundaries: string[];
  /** why those lines made no candidate course */
  holeLinesLeftOut: OrphanLinesLeftOut[];
  /** courses built from hole lines mapped without a boundary (flagged `boundary-inferred`) */
  inferredCourses: string[];
}

export function emptyLayerCounts(): Record<GeometryLayer, LayerCount> {
  return Object.fromEntries(GEOMETRY_LAYERS.map((layer) => [layer, { assigned: 0, unassigned: 0 }])) as Record<GeometryLayer, LayerCount>;
}
