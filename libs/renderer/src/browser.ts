/**
 * The renderer's browser surface: what the console bundles to draw overlay instructions on a
 * canvas exactly as the Skia painter does. Only dependency-free modules belong here (the rest of
 * the renderer needs Skia and Node).
 */
export { drawOverlayInstruction, type OverlayDrawingHost } from './overlays/overlay-drawing';
export type { OverlayInstruction } from './overlays/overlay-wire';
