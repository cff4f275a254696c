// Overlay components of POST /renders/{renderId}/overlays: pixel resolution against a render.
export { resolveOverlays, type ResolvedOverlay } from './overlay-resolver';
export type { OverlayContext } from './overlay-scene';
export { DEFAULT_OVERLAY_BUDGET, OverlayBudgetError, type OverlayBudget } from './overlay-budget';
export type { OverlayInstruction, OverlayStroke, OverlayFill, Pixel, MarkerShape, TextAlign, TextBaseline } from './overlay-instructions';
export { BEARING_WINDOW_YARDS } from './fairway-widths-overlay';
export { CUP_DIAMETER_METERS } from './landmark-overlays';
export { paintOverlayInstructions } from './overlay-canvas-painter';
