/**
 * How much of a course its source maps, and the course-level quality flags a client can rely
 * on (docs/data.md "Quality flags"). Importers call it with what they know (a `holes` tag, lines
 * without numbers); for courses stored without `quality` it is derived from the holes alone.
 */
import type { Course, CourseCompleteness, CourseQuality, Hole } from '../model';

export interface QualityEvidence {
  /** hole count stated by the source (`holes` tag), when it states one */
  statedHoles?: number | null;
  holeLinesWithoutNumber?: number;
  /** flags known to the importer only, e.g. 'boundary-inferred' */
  flags?: string[];
}

/** 9- and 18-hole layouts (and 27, 36) are what a highest hole number most likely belongs to. */
function layoutSize(highest: number): number {
  return Math.ceil(highest / 9) * 9;
}

export function courseCompleteness(holes: readonly Hole[], evidence: QualityEvidence = {}): CourseCompleteness {
  const numbers = holes.map((h) => h.number).sort((a, b) => a - b);
  const stated = evidence.statedHoles ?? null;
  const highest = numbers.length ? numbers[numbers.length - 1] : 0;
  const holesExpected = stated ?? (highest > 0 ? layoutSize(highest) : null);
  const holesExpectedFrom = stated !== null ? 'holes' : holesExpected !== null ? 'highest-hole-number' : null;
  const mapped = new Set(numbers);
  const holesMissing = holesExpected === null ? [] : Array.from({ length: holesExpected }, (_, i) => i + 1).filter((n) => !mapped.has(n));
  const holesWithoutGreen = holes.filter((h) => h.greenFeatureId === null).map((h) => h.number);
  const holesWithoutTee = holes.filter((h) => h.tees.length === 0).map((h) => h.number);
  const unknown = holes.length === 0 && holesExpected === null;
  const whole = holesMissing.length === 0 && holesWithoutGreen.length === 0 && holesWithoutTee.length === 0 && holes.length > 0;
  return {
    status: unknown ? 'unknown' : whole ? 'complete' : 'partial',
    holesMapped: holes.length,
    holesExpected,
    holesExpectedFrom,
    holesMissing,
    holeLinesWithoutNumber: evidence.holeLinesWithoutNumber ?? 0,
    holesWithoutGreen,
    holesWithoutTee,
  };
}

export function courseQuality(holes: readonly Hole[], evidence: QualityEvidence = {}): CourseQuality {
  const completeness = courseCompleteness(holes, evidence);
  const flags = new Set(evidence.flags ?? []);
  if (completeness.status === 'partial') flags.add('partial');
  if (holes.length === 0) flags.add('no-holes');
  if (completeness.holeLinesWithoutNumber > 0) flags.add('hole-lines-without-number');
  return { completeness, flags: [...flags].sort() };
}

/** The stored quality, or the one the holes alone support (courses stored before it existed). */
export function qualityOf(course: Course): CourseQuality {
  return course.quality ?? courseQuality(course.holes);
}

/** A `holes` tag the source states (1..99), else null. */
export function statedHoleCount(tags: Record<string, string>): number | null {
  const m = /^\s*(\d{1,2})\s*$/.exec(tags['holes'] ?? tags['golf:holes'] ?? '');
  const n = m ? Number(m[1]) : 0;
  return n >= 1 && n <= 99 ? n : null;
}
