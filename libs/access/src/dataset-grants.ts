/** Dataset keywords of the course data bundle, exactly as the spec lists them. */
export const DATASET_KEYWORDS = [
  'identity',
  'contact',
  'amenities',
  'operations',
  'scorecard',
  'holes.summary',
  'holes.detail',
  'holes.strategy',
  'greens.summary',
  'greens.analysis',
  'geometry.course-boundary',
  'geometry.hole-boundaries',
  'geometry.fairways',
  'geometry.greens',
  'geometry.tees',
  'geometry.centerlines',
  'geometry.bunkers',
  'geometry.water',
  'geometry.waste',
  'geometry.cart-paths',
  'geometry.trees',
  'geometry.buildings',
  'geometry.roads',
  'geometry.parking',
  'geometry.land-surfaces',
  'geometry.other',
  'elevations.ground',
  'elevations.trees',
  'measurements.greens',
  'measurements.fairways',
  'editorial.course',
  'editorial.holes',
  'editorial.greens',
  'editorial.operations',
  'media.images',
  'media.videos',
  'provenance',
] as const;
export type DatasetKeyword = (typeof DATASET_KEYWORDS)[number];

/** Granted to every client without asking (spec: "identity is enabled by default for every client"). */
export const ALWAYS_GRANTED: readonly DatasetKeyword[] = ['identity'];

export function isDatasetKeyword(value: string): value is DatasetKeyword {
  return (DATASET_KEYWORDS as readonly string[]).includes(value);
}

/**
 * Expands group names to keywords: `geometry`/`geometry.*`, `elevations`/`elevations.*`,
 * `measurements`/`measurements.*` to every member; `*` to everything. Unknown names are returned
 * separately so callers can say which one was wrong.
 */
export function expandDatasets(names: string[]): { datasets: DatasetKeyword[]; unknown: string[] } {
  const out = new Set<DatasetKeyword>();
  const unknown: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '*') DATASET_KEYWORDS.forEach((d) => out.add(d));
    else if (['geometry', 'elevations', 'measurements'].includes(name.replace(/\.\*$/, ''))) {
      const group = name.replace(/\.\*$/, '');
      DATASET_KEYWORDS.filter((d) => d.startsWith(`${group}.`)).forEach((d) => out.add(d));
    } else if (isDatasetKeyword(name)) out.add(name);
    else unknown.push(name);
  }
  return { datasets: DATASET_KEYWORDS.filter((d) => out.has(d)), unknown };
}
