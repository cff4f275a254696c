/**
 * Which catalog layer an OSM object belongs to. Golf tags win over generic ones (a bunker is
 * usually also natural=sand; a fairway relation also landuse=grass).
 */
import type { CourseGeometry, GeometryLayer } from '../model';

export interface LayerClass {
  layer: GeometryLayer;
  /** finer classification as tagged at the source (see CourseFeatureProperties.kind) */
  kind: string | null;
}

const GOLF_LAYERS: Record<string, LayerClass> = {
  fairway: { layer: 'fairways', kind: null },
  green: { layer: 'greens', kind: null },
  tee: { layer: 'tees', kind: null },
  bunker: { layer: 'bunkers', kind: null },
  water_hazard: { layer: 'water', kind: 'water_hazard' },
  lateral_water_hazard: { layer: 'water', kind: 'lateral_water_hazard' },
  rough: { layer: 'land-surfaces', kind: 'rough' },
  semi_rough: { layer: 'land-surfaces', kind: 'semi_rough' },
  waste: { layer: 'waste', kind: 'waste' },
  waste_area: { layer: 'waste', kind: 'waste' },
  cartpath: { layer: 'cart-paths', kind: 'cartpath' },
  // golf=path is the golfers' walking path: a course path, not a public road
  path: { layer: 'cart-paths', kind: 'path' },
  hole: { layer: 'centerlines', kind: null },
  clubhouse: { layer: 'buildings', kind: 'clubhouse' },
  driving_range: { layer: 'other', kind: 'driving_range' },
  pin: { layer: 'other', kind: 'pin' },
};

const TREE_KINDS: Record<string, string> = { wood: 'wood', tree: 'tree', tree_row: 'tree_row' };
const NATURAL_SURFACES = new Set(['sand', 'scrub', 'heath', 'grassland', 'bare_rock', 'shingle', 'wetland']);
const LANDUSE_SURFACES = new Set(['grass', 'meadow', 'farmland', 'village_green', 'recreation_ground']);

/** null: the object is of no use to a course (shops, towers, places) and is left out. */
export function classifyFeature(tags: Record<string, string>, geometryType: CourseGeometry['type']): LayerClass | null {
  const area = geometryType === 'Polygon' || geometryType === 'MultiPolygon';
  if (tags['leisure'] === 'golf_course') return area ? { layer: 'course-boundary', kind: null } : null;
  const golf = tags['golf'];
  if (golf !== undefined) {
    return GOLF_LAYERS[golf] ?? { layer: 'other', kind: golf };
  }
  const highway = tags['highway'];
  if (highway !== undefined && geometryType !== 'Point') {
    const cart = tags['golf_cart'] === 'designated';
    return { layer: cart ? 'cart-paths' : 'roads', kind: highway };
  }
  const natural = tags['natural'];
  if (natural === 'water' || (area && natural === undefined && tags['water'] !== undefined)) {
    return { layer: 'water', kind: 'natural_water' };
  }
  if (natural !== undefined && TREE_KINDS[natural]) return { layer: 'trees', kind: TREE_KINDS[natural] };
  if (tags['landuse'] === 'forest') return { layer: 'trees', kind: 'forest' };
  if (tags['building'] !== undefined && tags['building'] !== 'no') return { layer: 'buildings', kind: tags['building'] };
  if (tags['amenity'] === 'parking' || (tags['parking'] !== undefined && area)) return { layer: 'parking', kind: tags['parking'] ?? null };
  if (area && natural !== undefined && NATURAL_SURFACES.has(natural)) return { layer: 'land-surfaces', kind: natural };
  if (area && tags['landuse'] !== undefined && LANDUSE_SURFACES.has(tags['landuse'])) {
    return { layer: 'land-surfaces', kind: tags['landuse'] };
  }
  if (area && tags['surface'] === 'grass' && tags['landuse'] === undefined) return { layer: 'land-surfaces', kind: 'grass' };
  return null;
}
