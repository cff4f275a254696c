import type { OverlayBudget, OverlayContext, ResolvedOverlay } from '@caddie/renderer';
import type { OverlayItem } from '@caddie/styles';

/** What the API posts to an overlay thread (structured-cloned). */
export interface OverlayResolutionTask {
  items: OverlayItem[];
  context: OverlayContext;
  budget: OverlayBudget;
}

/** A thread's answer: the components, or the 422 code it refused them with (null: an internal fault). */
export type OverlayResolutionOutcome =
  { ok: true; overlays: ResolvedOverlay[] } | { ok: false; code: string | null; message: string; extras: Record<string, unknown> | null };
