import type { Course } from '@caddie/catalog';

/** The layers the console's first view of a course map draws (the tiles, when they come, draw everything). */
export const FIRST_VIEW_LAYERS = ['course-boundary', 'fairways', 'greens', 'tees', 'bunkers', 'water', 'trees'] as const;

const round = (value: unknown): unknown => (Array.isArray(value) ? value.map(round) : typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : value);

/**
 * A course's shapes of the first-view layers as one GeoJSON FeatureCollection, each feature with
 * only its layer (coordinates at 1e-6 degrees, about 0.1 m: the page draws them at most at zoom 19).
 */
export function mapFeatures(course: Course) {
  const layers = new Set<string>(FIRST_VIEW_LAYERS);
  return {
    type: 'FeatureCollection' as const,
    features: course.features
      .filter((f) => layers.has(f.properties.layer) && f.geometry)
      .map((f) => ({
        type: 'Feature' as const,
        properties: { layer: f.properties.layer },
        geometry: { ...f.geometry, coordinates: round((f.geometry as { coordinates: unknown }).coordinates) },
      })),
  };
}
