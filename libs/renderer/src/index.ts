// The graphics renderer: composition, painters, the render pipeline, encoding and the spatial
// sidecar, map tiles and static maps, and overlay resolution against a rendered artifact. What a
// request may ask for is declared in @caddie/styles; this lib paints what a normalized request says.
export { registerFonts, font } from './fonts/register-fonts';
export { RENDERER_VERSION } from './render/renderer-version';
export { renderGraphic, paintGraphic, type RenderedGraphic, type PaintedGraphic } from './render/render-graphic';
export { projectWithSidecar, type SpatialSidecar, type SidecarProjection } from './render/spatial-sidecar';
export { GraphicDataMissingError, type GraphicDataMissingCode } from './render/graphic-data-missing-error';
export { encodeRgba, type GraphicContentType, type EncodeSettings } from './render/image-encoder';
export { REGION_POINT_MIN_SEPARATION_METERS, REGION_POINT_MAX_DISTANCE_METERS } from './composition/region-point-bounds';
export { checkRegionRequest } from './composition/region-composition-frame';
export { checkElevationResolution, ElevationTooCoarseError } from './render/elevation-resolution';
export { offeredSubjects, type OfferedSubject } from './composition/offered-subjects';
export { greenPrintScale, printScaleDenominator, printScaleText, RULE_43_GREEN_SCALE_DENOMINATOR, type GreenPrintScale } from './composition/green-print-scale';
export { mapViewMatrix, type AffineMatrix } from './composition/view-transform';
export type { Composition, Overflow, PixelBox } from './composition/framing';
// Map tiles and static maps (course-maps service).
export {
  composeStaticMap,
  courseAttribution,
  courseTileCoverage,
  coverageTiles,
  encodeMapImage,
  type MapTileSize,
  paintMapRegion,
  parseStaticBBox,
  rangeAtZoom,
  renderTile,
  resolveStaticMap,
  STATIC_MAP_MAX_PIXELS,
  StaticMapError,
  staticMapTiles,
  TILE_CONTENT_TYPES,
  tileCount,
  type TileCoverage,
  TileCoverageError,
  tileInCoverage,
  WEBP_TILE_QUALITY,
} from './tiles';
// Overlay components: resolution against a rendered artifact's sidecar.
export {
  DEFAULT_OVERLAY_BUDGET,
  type OverlayBudget,
  OverlayBudgetError,
  type OverlayContext,
  paintOverlayInstructions,
  type ResolvedOverlay,
  resolveOverlays,
} from './overlays';
export {
  buildPuttingSurface,
  puttingSurfaceStatistics,
  downhillArrowSegments,
  downhillArrowSegment,
  traceDownhillArrow,
  breakSpacingMeters,
  downhillArrowLengthMeters,
  ARROW_SHAFT_MM,
  type PuttingSurfaceStatistics,
  type DownhillArrowSegment,
} from './green-data';
