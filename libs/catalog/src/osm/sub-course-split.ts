/**
 * Several courses inside one leisure=golf_course boundary. An explicit `golf:course:name` on
 * the holes wins; otherwise holes named "<prefix> <number>" whose prefix is shared by at least
 * MIN_HOLES_PER_PREFIX holes form a course, when two or more such prefixes exist
 * (Tournette: "L'Anglais 14", "L'Américain 6"). One prefix alone names holes, not courses.
 */
import { parseHoleName } from './hole-numbering';
import type { TaggedFeature } from './tagged-feature';

export const MIN_HOLES_PER_PREFIX = 3;

export interface SubCourseGroup {
  /** null for the boundary's only (or left-over) course */
  name: string | null;
  holes: TaggedFeature[];
  /** 'golf:course:name' or 'name-prefix' when the group comes from a split */
  rule: 'golf:course:name' | 'name-prefix' | null;
}

export function prefixKey(text: string): string {
  return text.normalize('NFC').trim().toLocaleLowerCase('en');
}

export function splitSubCourses(holes: TaggedFeature[]): SubCourseGroup[] {
  const tagged = holes.filter((h) => h.tags['golf:course:name']?.trim());
  if (tagged.length > 0) return splitBy(holes, (h) => h.tags['golf:course:name']?.trim() ?? null, 'golf:course:name');

  const counts = new Map<string, number>();
  for (const hole of holes) {
    const parsed = parseHoleName(hole.tags['name']);
    if (parsed?.form === 'number-last' && parsed.title) {
      const key = prefixKey(parsed.title);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const coursePrefixes = new Set([...counts].filter(([, n]) => n >= MIN_HOLES_PER_PREFIX).map(([key]) => key));
  if (coursePrefixes.size < 2) return [{ name: null, holes, rule: null }];
  return splitBy(
    holes,
    (h) => {
      const parsed = parseHoleName(h.tags['name']);
      // a hole named only by the course prefix ("L'Américain") still belongs to that course
      const title = parsed?.form === 'number-last' || parsed?.form === 'title-only' ? parsed.title : null;
      return title && coursePrefixes.has(prefixKey(title)) ? title.trim() : null;
    },
    'name-prefix',
  );
}

function splitBy(holes: TaggedFeature[], groupOf: (hole: TaggedFeature) => string | null, rule: SubCourseGroup['rule']): SubCourseGroup[] {
  const groups = new Map<string | null, SubCourseGroup>();
  for (const hole of holes) {
    const display = groupOf(hole);
    const key = display === null ? null : prefixKey(display);
    const group = groups.get(key) ?? { name: display, holes: [], rule: display === null ? null : rule };
    group.holes.push(hole);
    groups.set(key, group);
  }
  if (groups.size === 1) return [{ name: null, holes, rule: null }];
  return [...groups.values()].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '', 'en'));
}

/** Display name of a group, used for sub-course names and hole-name cleanup. */
export function isCoursePrefix(title: string | null, groups: SubCourseGroup[]): boolean {
  return title !== null && groups.some((g) => g.name !== null && prefixKey(g.name) === prefixKey(title));
}
