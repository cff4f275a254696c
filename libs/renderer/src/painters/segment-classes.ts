/** Which transportation segments each style keeps (Graphics rules 3 and 4). */
import type { CourseFeature } from '@caddie/catalog';

/** Traditional `small`: minor roads and non-motorized ways. */
export const SMALL_SEGMENT_CLASSES = [
  'residential',
  'living_street',
  'living-street',
  'unclassified',
  'service',
  'pedestrian',
  'footway',
  'steps',
  'path',
  'track',
  'cycleway',
  'bridleway',
];
/** Colored Pencil draws only these, as one flat path colour. */
export const PATH_SEGMENT_CLASSES = ['service', 'pedestrian', 'footway', 'steps', 'path', 'track', 'cycleway', 'bridleway'];

/** Golf cart paths count as paths; a road without a class is not assumed small. */
export function segmentClass(feature: CourseFeature): string {
  if (feature.properties.layer === 'cart-paths') return feature.properties.kind === 'cartpath' || !feature.properties.kind ? 'path' : feature.properties.kind;
  return feature.properties.kind ?? 'road';
}

export function keepTraditionalSegment(feature: CourseFeature, overtureSegments: string | undefined): boolean {
  if (overtureSegments === 'none') return false;
  if (overtureSegments === 'small') return SMALL_SEGMENT_CLASSES.includes(segmentClass(feature));
  return true;
}

export function keepColoredPencilPath(feature: CourseFeature, overtureSegments: string | undefined): boolean {
  if (overtureSegments === 'none') return false;
  return PATH_SEGMENT_CLASSES.includes(segmentClass(feature));
}

/** Road surface width in metres by class. */
export function segmentWidthMeters(cls: string): number {
  switch (cls) {
    case 'motorway':
    case 'trunk':
    case 'primary':
      return 11;
    case 'secondary':
    case 'tertiary':
      return 8;
    case 'residential':
    case 'unclassified':
    case 'living_street':
    case 'road':
      return 6;
    case 'service':
      return 4;
    case 'track':
      return 3;
    default:
      return 2;
  }
}

/** Buildings that are homes take housing roof colours; the rest (clubhouses, sheds) stay neutral. */
export function isHousing(feature: CourseFeature): boolean {
  const kind = feature.properties.kind ?? '';
  return ['house', 'residential', 'detached', 'semidetached_house', 'apartments', 'terrace', 'bungalow', 'yes', 'building'].includes(kind);
}
