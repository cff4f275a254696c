// Map tiles: coverage, Web Mercator cameras, tile rendering, static maps.
export * from './tile-coverage';
export { mapOrigin, mercatorCamera, type WorldPixelRect } from './tile-camera';
export { renderTile, paintMapRegion, encodeMapImage, mapTileStyle, TILE_MARGIN_PX, TILE_CONTENT_TYPES, WEBP_TILE_QUALITY } from './tile-renderer';
export { courseAttribution, OSM_ATTRIBUTION } from './map-attribution';
export * from './static-map';
