import {
  applyHomography,
  findCapture,
  renderCaptureSurface,
  type CaptureDefinition,
  type PixelImage,
  type Point,
  type RenderCaptureOptions,
} from '@caddie/fiducials';
import { perspectiveQuad, surfaceToPhoto, synthesizePhoto, type PerspectiveView, type PlacedSurface } from '@caddie/synthesis';

/** A printed capture placed in a synthetic photo, with the true photo positions of its corners. */
export interface PlacedCard {
  capture: CaptureDefinition;
  surface: PlacedSurface;
  /** Surface corners in the photo (pixel centres at integers): top-left, top-right, bottom-right, bottom-left. */
  truthCorners: [Point, Point, Point, Point];
}

export async function placeCard(captureId: string, view: Omit<PerspectiveView, 'aspect'>, print: Partial<RenderCaptureOptions> = {}): Promise<PlacedCard> {
  const capture = findCapture(captureId);
  if (!capture) throw new Error(`no capture ${captureId}`);
  const pixelsPerMm = print.pixelsPerMm ?? 5;
  const image = await renderCaptureSurface(capture, { ...print, pixelsPerMm });
  const surface = { image, corners: perspectiveQuad({ ...view, aspect: capture.widthMm / capture.heightMm }) };
  const h = surfaceToPhoto(surface);
  const mm = (x: number, y: number) => applyHomography(h, { x: x * pixelsPerMm - 0.5, y: y * pixelsPerMm - 0.5 });
  const { widthMm: w, heightMm: hMm } = capture;
  return { capture, surface, truthCorners: [mm(0, 0), mm(w, 0), mm(w, hMm), mm(0, hMm)] };
}

export function photograph(cards: PlacedCard[], size = { width: 2400, height: 1800 }, seed = 7): Promise<PixelImage> {
  return synthesizePhoto({ ...size, surfaces: cards.map((c) => c.surface), blurSigma: 0.8, noiseSigma: 3, seed });
}

/** Paints a paper-coloured patch over a surface rectangle in millimetres (a thumb over a marker). */
export function coverOnSurface(card: PlacedCard, rectMm: { x: number; y: number; width: number; height: number }, pixelsPerMm = 5): void {
  const { image } = card.surface;
  const channels = image.channels;
  for (let y = Math.floor(rectMm.y * pixelsPerMm); y < Math.ceil((rectMm.y + rectMm.height) * pixelsPerMm); y++) {
    for (let x = Math.floor(rectMm.x * pixelsPerMm); x < Math.ceil((rectMm.x + rectMm.width) * pixelsPerMm); x++) {
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      for (let c = 0; c < Math.min(3, channels); c++) image.data[(y * image.width + x) * channels + c] = 255;
    }
  }
}

/**
 * A page with a loose identity label lying on it: the torn-off corner of another card, its index
 * marker and label visible, its other markers gone.
 */
export async function looseLabelOnPage(): Promise<PlacedCard[]> {
  const page = await placeCard('M9H1/front-nine-page', { center: { x: 1200, y: 900 }, widthPx: 1900, rotationDegrees: 0 }, { courseCode: 'K7M2Q' });
  const stray = await placeCard('M18F/front-nine-page', { center: { x: 1150, y: 950 }, widthPx: 520 });
  for (const m of stray.capture.markers.filter((x) => x.kind !== 'index')) {
    coverOnSurface(stray, { x: m.xMm - 1, y: m.yMm - 1, width: m.sizeMm + 2, height: m.sizeMm + 2 });
  }
  return [page, stray];
}
