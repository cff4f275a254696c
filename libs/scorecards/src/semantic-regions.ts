import type { Box, CaptureDefinition } from '@caddie/fiducials';

export interface SemanticRegion {
  /** Stable name: `markerText`, `hole-3`, `hole-3.score`, `totals`, `roundDetails.date`, ... */
  name: string;
  kind: 'identity-label' | 'hole-row' | 'cell' | 'totals' | 'supplemental-area' | 'supplemental-field';
  /** Page of the capture the region is printed on (`page`, or `left`/`right`/`top`/`bottom` on a spread). */
  pageId: string;
  holeNumber?: number;
  field?: string;
  box: Box;
}

export interface TopologyNeutralRegions {
  coordinateSpace: CaptureDefinition['regions']['coordinateSpace'];
  captureId: string;
  topology: CaptureDefinition['topology'];
  pages: { pageId: string; frame: Box }[];
  semanticRegions: SemanticRegion[];
}

/**
 * The design's regions as a flat list any topology can carry (versions 3 and 4), all boxes
 * normalized to the canonical image of the whole capture surface.
 */
export function topologyNeutralRegions(capture: CaptureDefinition): TopologyNeutralRegions {
  const designPage = capture.pages.find((p) => p.carriesDesign) ?? capture.pages[0];
  const labelPage = capture.pages.find((p) => p.markerRoles.includes('bottom-left')) ?? designPage;
  const on = designPage.pageId;
  const { regions } = capture;
  const semanticRegions: SemanticRegion[] = [{ name: 'markerText', kind: 'identity-label', pageId: labelPage.pageId, box: regions.markerText }];
  for (const hole of regions.holes) {
    semanticRegions.push({ name: `hole-${hole.holeNumber}`, kind: 'hole-row', pageId: on, holeNumber: hole.holeNumber, box: hole.row });
    for (const [field, box] of Object.entries(hole.cells)) {
      semanticRegions.push({ name: `hole-${hole.holeNumber}.${field}`, kind: 'cell', pageId: on, holeNumber: hole.holeNumber, field, box });
    }
  }
  semanticRegions.push({ name: 'totals', kind: 'totals', pageId: on, box: regions.totals });
  for (const [areaName, area] of Object.entries(regions.supplemental)) {
    semanticRegions.push({ name: areaName, kind: 'supplemental-area', pageId: on, box: area.area });
    for (const [field, box] of Object.entries(area.fields)) {
      semanticRegions.push({ name: `${areaName}.${field}`, kind: 'supplemental-field', pageId: on, field, box });
    }
  }
  return {
    coordinateSpace: regions.coordinateSpace,
    captureId: capture.captureId,
    topology: capture.topology,
    pages: capture.pages.map((p) => ({ pageId: p.pageId, frame: p.frame })),
    semanticRegions,
  };
}
