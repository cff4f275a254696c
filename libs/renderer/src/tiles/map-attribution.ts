/** Data-source credits for map archives and static maps, from the course's provenance. */
import type { Course } from '@caddie/catalog';

export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

/** One credit per distinct source: OpenStreetMap as its licence requires, others as they ask. */
export function courseAttribution(course: Course): string {
  const credits: string[] = [];
  for (const source of course.provenance.sources) {
    const credit = source.kind === 'osm' ? OSM_ATTRIBUTION : source.attribution?.trim();
    if (credit && !credits.includes(credit)) credits.push(credit);
  }
  return credits.join(' | ');
}
