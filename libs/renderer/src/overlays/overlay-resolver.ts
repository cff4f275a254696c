/**
 * Resolves validated overlay items against the exact rendered artifact: each component becomes
 * display instructions in the artifact's output pixels plus the settings it was drawn with.
 * Geographic coordinates, the camera, source geometry and measurement records stay inside.
 */
import type { OverlayType } from '@caddie/styles';
import type { ComponentResolution } from './component-resolution';
import { resolveFairwayChevrons } from './fairway-chevrons-overlay';
import { resolveFairwayWidths } from './fairway-widths-overlay';
import { resolveGreenMeasurements } from './green-measurements-overlay';
import { resolveGreenDownhillArrows, resolveGreenElevationHeatmap } from './green-surface-overlays';
import { resolveGrids, resolveHoleNumber, resolveTeeboxes, resolveTeeboxesLegend } from './image-overlays';
import { resolveApproachRings, resolveCup, resolveFlag, resolveTee } from './landmark-overlays';
import { round2, type OverlayInstruction } from './overlay-instructions';
import type { OverlayItem, OverlayItemOf } from '@caddie/styles';
import { OverlayScene, type OverlayContext } from './overlay-scene';
import { canonicalJson } from '@caddie/styles';
import { DEFAULT_OVERLAY_BUDGET, OverlayCostMeter, type OverlayBudget } from './overlay-budget';
import { resolveApproachMarkers, resolveHoleCenterline, resolveHoleSpine, resolveShotDispersion } from './play-line-overlays';

export interface ResolvedOverlay {
  id: string;
  type: OverlayType;
  presentation: Record<string, unknown>;
  instructions: OverlayInstruction[];
}

type Resolver<T extends OverlayType> = (item: OverlayItemOf<T>, scene: OverlayScene) => ComponentResolution;

const RESOLVERS: { [T in OverlayType]: Resolver<T> } = {
  'hole-centerline': resolveHoleCenterline,
  'hole-spine': resolveHoleSpine,
  'shot-dispersion': resolveShotDispersion,
  tee: resolveTee,
  flag: resolveFlag,
  cup: resolveCup,
  'approach-rings': resolveApproachRings,
  'approach-markers': resolveApproachMarkers,
  grids: resolveGrids,
  'green-elevation-heatmap': resolveGreenElevationHeatmap,
  'green-downhill-arrows': resolveGreenDownhillArrows,
  'green-measurements': resolveGreenMeasurements,
  'fairway-widths': resolveFairwayWidths,
  'fairway-downhill-chevrons': resolveFairwayChevrons,
  teeboxes: resolveTeeboxes,
  'teeboxes-legend': resolveTeeboxesLegend,
  'hole-number': resolveHoleNumber,
};

/**
 * Throws OverlayDataMissingError (422) when a component needs data the course lacks, or for side
 * views, and OverlayBudgetError (422) when the request would cost more than `budget`. Components
 * that differ only by id are resolved once and share their instructions.
 */
export function resolveOverlays(items: OverlayItem[], context: OverlayContext, budget: OverlayBudget = DEFAULT_OVERLAY_BUDGET): ResolvedOverlay[] {
  const meter = new OverlayCostMeter(budget);
  const scene = new OverlayScene(context, meter);
  const resolvedByContent = new Map<string, { resolution: ComponentResolution; bytes: number }>();
  let answerBytes = 0;
  const resolved = items.map((item) => {
    const { id, ...content } = item;
    const contentKey = canonicalJson(content);
    let shared = resolvedByContent.get(contentKey);
    if (!shared) {
      const resolve = RESOLVERS[item.type] as Resolver<OverlayType>;
      const { presentation, instructions } = resolve(scaledItem(item, scene), scene);
      const resolution = { presentation: { ...presentation, outputScale: round2(scene.sizes.factor) }, instructions };
      shared = { resolution, bytes: JSON.stringify(resolution).length };
      resolvedByContent.set(contentKey, shared);
    }
    // each copy is sent in full, so the answer budget counts every one
    answerBytes += shared.bytes + id.length;
    meter.checkAnswer(answerBytes);
    return { id, type: item.type, ...shared.resolution };
  });
  return resolved;
}

/**
 * Style fields that are lengths in output pixels. Their values (defaults and explicit ones) are
 * quoted at the subject's default output size, so a 16-pixel label on a default green is a
 * 48-pixel label on a green rendered at 3x: the overlay keeps its share of the picture.
 */
const PIXEL_STYLE_FIELDS = [
  'strokeWidth',
  'nodeSize',
  'size',
  'minimumSize',
  'pointSize',
  'endCapSize',
  'labelSize',
  'labelXPadding',
  'labelYPadding',
  'labelGap',
  'swatchSize',
  'margin',
] as const;

function scaledItem(item: OverlayItem, scene: OverlayScene): OverlayItemOf<OverlayType> {
  const style = (item as { style?: Record<string, unknown> }).style;
  if (!style || scene.sizes.factor === 1) return item as OverlayItemOf<OverlayType>;
  const scaled: Record<string, unknown> = { ...style };
  for (const field of PIXEL_STYLE_FIELDS) {
    const value = scaled[field];
    if (typeof value === 'number') scaled[field] = round2(scene.sizes.pixels(value));
  }
  return { ...item, style: scaled } as OverlayItemOf<OverlayType>;
}
