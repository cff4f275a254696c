/**
 * The name a page prints for a tee set: the course data's name, or where the source named none
 * (the importer's single "Default" set, sets named only by their id) wording a golfer reads on a
 * scorecard: "Tees" for a course with one set, else "Back tees", "Middle tees", "Forward tees" by
 * length.
 */
import type { Course, TeeSet } from '@caddie/catalog';

/** The importer's name for the one set it makes when the source has no tee sets. */
const PLACEHOLDER_NAMES = new Set(['default']);

export function teeSetName(course: Course, set: TeeSet): string {
  const named = set.name.trim() && !PLACEHOLDER_NAMES.has(set.name.trim().toLowerCase()) && set.name !== set.id;
  if (named) return set.name;
  if (course.teeSets.length === 1) return 'Tees';
  const lengthOf = (s: TeeSet) => course.holes.reduce((sum, h) => sum + (h.tees.find((t) => t.teeSetId === s.id)?.yards ?? 0), 0);
  const byLength = [...course.teeSets].sort((a, b) => lengthOf(b) - lengthOf(a));
  const rank = byLength.findIndex((s) => s.id === set.id);
  if (rank === 0) return 'Back tees';
  if (rank === byLength.length - 1) return 'Forward tees';
  return byLength.length === 3 ? 'Middle tees' : `Tees ${rank + 1} of ${byLength.length}`;
}
