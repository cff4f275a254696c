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
