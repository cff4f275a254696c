/**
 * Resolves validated overlay items against the exact rendered artifact: each component becomes
 * display instructions in the artifact's output pixels plus the settings it was drawn with.
 * Geographic coordinates, the camera, source geometry and measurement records stay inside.
 */
import type { OverlayType } from '@caddie/styles';
import type { ComponentResolution } from './component-resolution';
import { resolveFairwayWidths } from './fairway-widths-overlay';
import { resolveGreenMeasurements } from './green-measurements-overlay';
import { resolveGreenDownhillArrows, resolveGreenElevationHeatmap } from './green-surface-overlays';
import { resolveGrids, resolveHoleNumber, resolveTeeboxes, resolveTeeboxesLegend } from './image-overlays';
import { resolveApproachRings, resolveCup, resolveFlag, resolveTee } from './landmark-overlays';
import type { OverlayInstruction } from './overlay-instructions';
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
  teeboxes: resolveTeeboxes,
  'teeboxes-legend': resolveTeeboxesLegend,
  'hole-number': resolveHoleNumber,
};

/** Throws OverlayDataMissingError (422) when a component needs data the course lacks, or for side views. */
export function resolveOverlays(items: OverlayItem[], context: OverlayContext): ResolvedOverlay[] {
  const scene = new OverlayScene(context);
  return items.map((item) => {
    const resolve = RESOLVERS[item.type] as Resolver<OverlayType>;
    const { presentation, instructions } = resolve(item as OverlayItemOf<OverlayType>, scene);
    return { id: item.id, type: item.type, presentation, instructions };
  });
}
