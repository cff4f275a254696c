// Overlay components of POST /renders/{renderId}/overlays: validation and pixel resolution.
export { OverlayRequestError, OverlayDataMissingError, OVERLAY_PROBLEM_CODES, type OverlayProblem, type OverlayProblemCode } from './overlay-errors';
export { parseOverlayItems, type OverlayItem, type OverlayItemOf } from './overlay-parser';
export { OVERLAY_SCHEMAS, type OverlayFields } from './overlay-schemas';
export { OVERLAY_ID_PATTERN, STROKE_STYLES, type StrokeStyle } from './overlay-fields';
export { resolveOverlays, type ResolvedOverlay } from './overlay-resolver';
export type { OverlayContext } from './overlay-scene';
export type { OverlayInstruction, OverlayStroke, OverlayFill, Pixel, MarkerShape, TextAlign, TextBaseline } from './overlay-instructions';
export { BEARING_WINDOW_YARDS } from './fairway-widths-overlay';
export { CUP_DIAMETER_METERS } from './landmark-overlays';
