/** Credit lines every page with course geometry prints, from the course's provenance. */
import type { Course } from '@caddie/catalog';

export const OSM_ATTRIBUTION_LINE = '© OpenStreetMap contributors (ODbL)';

/** True when any geometry of the course comes from OpenStreetMap. */
export function hasOsmGeometry(course: Course): boolean {
  return course.provenance.sources.some((s) => s.kind === 'osm') || course.features.some((f) => f.properties.source.kind === 'osm');
}

export function courseAttribution(course: Course): string[] {
  const lines: string[] = [];
  if (hasOsmGeometry(course)) lines.push(OSM_ATTRIBUTION_LINE);
  for (const source of course.provenance.sources) {
    if (source.kind === 'osm' || !source.attribution) continue;
    if (!lines.includes(source.attribution)) lines.push(source.attribution);
  }
  return lines;
}
