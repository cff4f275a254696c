import type { CourseGeometry } from '../model';

/** One OSM object in a format-neutral form: what every parser produces. */
export interface TaggedFeature {
  /** 'node/1', 'way/2', 'relation/3'; for GeoJSON without OSM ids '<input>#<index>' */
  id: string;
  tags: Record<string, string>;
  geometry: CourseGeometry;
  /** name of the input this feature was read from */
  input: string;
  /** newest edit time of the object and its nodes or members (OSM XML timestamps), when the source states it */
  editedAt?: string;
}

export type OsmInputFormat = 'osm-xml' | 'overpass-json' | 'geojson' | 'osm-pbf';
