export type { BBox, LonLat, Meters2, VertexGeometry } from './geometry-types';
export { geometryVertices } from './geometry-types';
export { feetToMeters, METERS_PER_FOOT, METERS_PER_YARD, metersToFeet, metersToYards, yardsToMeters } from './units';
export { haversineDistance, initialBearing } from './geodesy';
export { interpolateAlongPolyline, nearestPointOnPolyline, polylineLength } from './polyline';
export { bearingVector, LocalProjection, planarBearing } from './local-projection';
export {
  lonLatToWorldPixel,
  tileForLonLat,
  type TileRange,
  tileRangeForBBox,
  type TileSize,
  WEB_MERCATOR_MAX_LATITUDE,
  worldPixelToLonLat,
} from './web-mercator';
export { type DemRaster } from './elevation/dem-raster';
export { readHgt, readHgtZip } from './elevation/hgt-reader';
export { readGeoTiffDem } from './elevation/geotiff-reader';
export { buildElevationGrid, type ElevationGridData, resampleToGrid, sampleElevationGrid } from './elevation/elevation-grid';
export { coarsestPrecision, demPrecision, type ElevationPrecision, isCoarse } from './elevation/dem-precision';
