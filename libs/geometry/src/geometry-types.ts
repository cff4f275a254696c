/**
 * Plain coordinate types of the geometry layer. They are structurally identical to the
 * catalog model's types, so catalog values pass straight in without conversion.
 */

/** WGS84 [longitude, latitude] (RFC 7946 order). */
export type LonLat = [number, number];

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

/** Planar point in metres: [east, north]. */
export type Meters2 = [number, number];

/**
 * The GeoJSON geometries a course feature may have, by coordinate shape (structurally the
 * catalog's CourseGeometry, so its features' geometries pass straight in).
 */
export type VertexGeometry =
  | { type: 'Point'; coordinates: number[] }
  | { type: 'LineString' | 'MultiPoint'; coordinates: number[][] }
  | { type: 'Polygon' | 'MultiLineString'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] };

/** Every vertex of a geometry as [longitude, latitude], in document order (rings' closing vertices included). */
export function geometryVertices(geometry: VertexGeometry): LonLat[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates as LonLat];
    case 'LineString':
    case 'MultiPoint':
      return geometry.coordinates as LonLat[];
    case 'Polygon':
    case 'MultiLineString':
      return geometry.coordinates.flat() as LonLat[];
    case 'MultiPolygon':
      return geometry.coordinates.flat(2) as LonLat[];
  }
}
