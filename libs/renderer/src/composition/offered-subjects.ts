/**
 * Which GET subjects a course can be drawn as, from the data each one needs (the same checks
 * the composers make): `course` when any hole is framable, `hole-N` with a play line,
 * `green-N` with a green polygon, `profile-elevation-N` with a play line, a green centre and a
 * ground elevation model.
 */
import type { Course, Hole } from '@caddie/catalog';
import type { GraphicSubjectType } from '@caddie/styles';
import { requireGreen } from './green-composition';
import { requireHole } from './hole-composition';

export interface OfferedSubject {
  /** the GET path segment: course, hole-N, green-N, profile-elevation-N */
  subject: string;
  type: Exclude<GraphicSubjectType, 'hole-region'>;
  holeNumber?: number;
}

function framable(course: Course, hole: Hole): boolean {
  try {
    requireHole(course, hole.number);
    return true;
  } catch {
    return false;
  }
}

function hasGreen(course: Course, hole: Hole): boolean {
  try {
    requireGreen(course, hole);
    return true;
  } catch {
    return false;
  }
}

export function offeredSubjects(course: Course): OfferedSubject[] {
  const holes = [...course.holes].sort((a, b) => a.number - b.number).filter((h) => framable(course, h));
  const out: OfferedSubject[] = holes.length > 0 ? [{ subject: 'course', type: 'course' }] : [];
  for (const hole of holes) {
    const n = hole.number;
    out.push({ subject: `hole-${n}`, type: 'hole', holeNumber: n });
    if (hasGreen(course, hole)) out.push({ subject: `green-${n}`, type: 'green', holeNumber: n });
    if (course.elevation.ground && hole.greenCenter) out.push({ subject: `profile-elevation-${n}`, type: 'profile-elevation', holeNumber: n });
  }
  return out;
}
