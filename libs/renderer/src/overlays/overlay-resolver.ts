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

/** Throws OverlayDataMissingError (422) when a component needs data the course lacks, or for side views. */
export function resolveOverlays(items: OverlayItem[], context: OverlayContext): ResolvedOverlay[] {
  const scene = new OverlayScene(context);
  return items.map((item) => {
    const resolve = RESOLVERS[item.type] as Resolver<OverlayType>;
    const { presentation, instructions } = resolve(scaledItem(item, scene), scene);
    return { id: item.id, type: item.type, presentation: { ...presentation, outputScale: round2(scene.sizes.factor) }, instructions };
  });
}

/**
 * Style fields that are lengths in output pixels. Their values (defaults and explicit ones) are
 * quoted at the subject's default output size, so a 16-pixel label on a default green is a
 * 48-pixel label on a green rendered at 3x: the overlay keeps its share of the picture.
 */
const PIXEL_STYLE_FIELDS = ['strokeWidth', 'nodeSize', 'size', 'minimumSize', 'pointSize', 'endCapSize', 'labelSize', 'labelXPadding', 'labelYPadding', 'labelGap', 'swatchSize', 'margin'] as const;

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
