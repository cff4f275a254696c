/** Real renders of the demo courses, so overlay tests resolve against true sidecars (at the default sizes, where overlay pixel sizes are as declared). */
import type { Course } from '@caddie/catalog';
import { OVERLAY_TYPES } from '@caddie/styles';
import { parseGraphicsQuery } from '@caddie/styles';
import { paintGraphic } from '../render/render-graphic';
import { parseOverlayItems } from '@caddie/styles';
import { resolveOverlays, type ResolvedOverlay } from './overlay-resolver';
import type { OverlayContext } from './overlay-scene';
import type { OverlayInstruction, Pixel } from './overlay-instructions';

export async function renderContext(course: Course, subject: string, width: number, height: number): Promise<OverlayContext> {
  const styleContext = { classification: course.classification, country: course.location.country, region: course.location.region };
  const request = parseGraphicsQuery(subject, 'png', { width: String(width), height: String(height) }, styleContext);
  // only the camera matters here: the painted bitmap is not encoded
  const { sidecar } = paintGraphic(course, request);
  // the API stores and reloads the sidecar as JSON
  return { course, request, sidecar: JSON.parse(JSON.stringify(sidecar)) };
}

export function resolveOne(context: OverlayContext, item: Record<string, unknown>): ResolvedOverlay {
  return resolveOverlays(parseOverlayItems([item], OVERLAY_TYPES), context)[0];
}

export function ofKind<K extends OverlayInstruction['kind']>(overlay: ResolvedOverlay, kind: K): Extract<OverlayInstruction, { kind: K }>[] {
  return overlay.instructions.filter((i): i is Extract<OverlayInstruction, { kind: K }> => i.kind === kind);
}

export const distance = (a: Pixel, b: readonly [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
