import { renderCaptureSurface, type RenderCaptureOptions } from '../capture-renderer';
import { findCapture, type CaptureDefinition } from '../design-catalog';
import { applyHomography, type Homography } from '../homography';
import type { PixelImage, Point } from '../pixel-image';
import { perspectiveQuad, surfaceToPhoto, type PerspectiveView, type PlacedSurface } from '@caddie/synthesis';

/** A capture printed at `pixelsPerMm` and placed in a photo, with the truth needed to grade detection. */
export interface PlacedCapture {
  capture: CaptureDefinition;
  surface: PlacedSurface;
  pixelsPerMm: number;
  /** Printed-surface millimetres to photo pixels. */
  mmToPhoto(xMm: number, yMm: number): Point;
}

export function captureById(captureId: string): CaptureDefinition {
  const capture = findCapture(captureId);
  if (!capture) throw new Error(`no capture ${captureId}`);
  return capture;
}

export async function placeCapture(
  captureId: string,
  view: Omit<PerspectiveView, 'aspect'>,
  print: Partial<RenderCaptureOptions> = {},
): Promise<PlacedCapture> {
  const capture = captureById(captureId);
  const pixelsPerMm = print.pixelsPerMm ?? 5;
  const image: PixelImage = await renderCaptureSurface(capture, { ...print, pixelsPerMm });
  const corners = perspectiveQuad({ ...view, aspect: capture.widthMm / capture.heightMm });
  const surface = { image, corners };
  const h: Homography = surfaceToPhoto(surface);
  return {
    capture,
    surface,
    pixelsPerMm,
    mmToPhoto: (xMm, yMm) => applyHomography(h, { x: xMm * pixelsPerMm - 0.5, y: yMm * pixelsPerMm - 0.5 }),
  };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
