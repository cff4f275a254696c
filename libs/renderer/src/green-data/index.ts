// Putting-surface data for green graphics: the 2-foot slope grid, elevation heatmap, downhill arrows.
export * from './green-data-error';
export {
  buildPuttingSurface,
  puttingCellCenter,
  sampleSurfaceField,
  PUTTING_SURFACE_CELL_METERS,
  GRADIENT_BASELINE_METERS,
  PUTTING_SURFACE_MARGIN_METERS,
  MAX_PUTTING_SURFACE_CELLS,
  type PuttingSurface,
} from './putting-surface';
export {
  normalizeGreenElevations,
  heatmapColor,
  heatmapStrength,
  heatmapDesaturation,
  HEATMAP_LOW_COLOR,
  HEATMAP_HIGH_COLOR,
  MEANINGFUL_OFFSET_FLOOR_METERS,
  MEANINGFUL_OFFSET_SHARE,
  SATURATION_OFFSET_FLOOR_METERS,
  type ElevationNormalization,
  type HeatmapColor,
} from './elevation-normalization';
export { puttingSurfaceStatistics, type PuttingSurfaceStatistics } from './putting-surface-statistics';
export { paintElevationHeatmap } from './elevation-heatmap-painter';
export { heatmapLegendRows, paintHeatmapLegend, type HeatmapLegendBox, type HeatmapLegendRow } from './heatmap-legend-painter';
export {
  layoutDownhillArrows,
  breakSpacingMeters,
  downhillArrowLengthMeters,
  BREAK_SPACING_METERS,
  MIN_BREAK_SPACING_MM,
  DEFAULT_PIXELS_PER_MM,
  NEGLIGIBLE_SLOPE,
  type BreakDensity,
  type BreakLayout,
  type DownhillArrow,
  type DownhillArrowLayoutOptions,
} from './downhill-arrow-layout';
export {
  paintDownhillArrows,
  downhillArrowSegments,
  downhillArrowSegment,
  traceDownhillArrow,
  ARROW_SHAFT_MM,
  resolveBreakColor,
  type DownhillArrowOptions,
  type DownhillArrowSegment,
} from './downhill-arrow-painter';
export { surfacePixelFrame, type LonLatProjector, type SurfacePixelFrame } from './surface-pixel-frame';
