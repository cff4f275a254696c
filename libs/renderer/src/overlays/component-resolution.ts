import type { OverlayInstruction } from './overlay-instructions';

/** What one component resolver returns; the dispatcher adds the item's id and type. */
export interface ComponentResolution {
  /** the settings the instructions were drawn with (validated fields, defaults filled, derived values) */
  presentation: Record<string, unknown>;
  instructions: OverlayInstruction[];
}
