import { HOLE_CELL_NAMES, type DesignProfile, type HoleCellName, type RectMm } from './design-layout';

export type CaptureTopology = 'single-page' | 'horizontal-spread' | 'vertical-spread';
export const CAPTURE_TOPOLOGIES: readonly CaptureTopology[] = ['single-page', 'horizontal-spread', 'vertical-spread'];

export type MarkerRole = 'top-left' | 'top-right' | 'bottom-right' | 'bottom-left' | 'fold-top' | 'fold-bottom' | 'fold-left' | 'fold-right';
/** `index` is the unique lower-left marker beside which the S label is printed. */
export type MarkerKind = 'corner' | 'index' | 'fold';

/** Normalized 0..1 box, origin top-left, relative to the canonical capture image. */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface MarkerPlacement {
  role: MarkerRole;
  kind: MarkerKind;
  id: number;
  /** Top-left of the black square on the capture surface, millimetres. */
  xMm: number;
  yMm: number;
  sizeMm: number;
}

export interface CapturePage {
  pageId: string;
  /** Page rectangle on the surface, millimetres. */
  rectMm: RectMm;
  frame: Box;
  /** The four markers registering this page, ordered top-left, top-right, bottom-right, bottom-left. */
  markerRoles: readonly [MarkerRole, MarkerRole, MarkerRole, MarkerRole];
  /** Whether the design's score table is printed on this page (a spread's other page is the facing page). */
  carriesDesign: boolean;
}

export interface HoleRegion {
  holeNumber: number;
  row: Box;
  cells: Record<HoleCellName, Box>;
}

export interface DesignRegions {
  coordinateSpace: {
    origin: 'top-left';
    unit: 'normalized-0-to-1';
    canonicalPixels: { width: number; height: number };
  };
  panel: string;
  markerText: Box;
  holes: HoleRegion[];
  totals: Box;
  /** M18 Round Details (front), Round Summary and Penalty (back); empty for M9 designs. */
  supplemental: Record<string, { area: Box; fields: Record<string, Box> }>;
}

export interface CaptureGeometry {
  topology: CaptureTopology;
  widthMm: number;
  heightMm: number;
  pixelsPerMm: number;
  canonicalPixels: { width: number; height: number };
  markers: MarkerPlacement[];
  pages: CapturePage[];
  labelRectMm: RectMm;
  regions: DesignRegions;
}

/** Canonical resolution: 8 px/mm puts 14 canonical pixels on each 1.75 mm marker module. */
export const CANONICAL_PIXELS_PER_MM = 8;
export const MARKERS_PER_CAPTURE = 6;

const ROLE_ORDER: readonly MarkerRole[] = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];

/**
 * Lays out one design in one topology. A spread is two page-sized panels across a fold: the
 * design's page (left/top for front-nine pages, right/bottom for back-nine pages) and its
 * facing page. Fold-safe markers straddle the fold in the outer margins so both panels can be
 * registered separately (a bent fold breaks a single homography).
 */
export function buildCaptureGeometry(profile: DesignProfile, topology: CaptureTopology, firstMarkerId: number): CaptureGeometry {
  const page = profile.layout;
  const horizontal = topology === 'horizontal-spread';
  const vertical = topology === 'vertical-spread';
  const widthMm = horizontal ? 2 * page.widthMm : page.widthMm;
  const heightMm = vertical ? 2 * page.heightMm : page.heightMm;
  const size = page.markerSizeMm;
  const inset = page.markerInsetMm;

  const at = (role: MarkerRole, xMm: number, yMm: number): MarkerPlacement => {
    const index = [...ROLE_ORDER, horizontal ? 'fold-top' : 'fold-left', horizontal ? 'fold-bottom' : 'fold-right'].indexOf(role);
    const kind: MarkerKind = role === 'bottom-left' ? 'index' : role.startsWith('fold') ? 'fold' : 'corner';
    return { role, kind, id: firstMarkerId + index, xMm, yMm, sizeMm: size };
  };
  const markers: MarkerPlacement[] = [
    at('top-left', inset, inset),
    at('top-right', widthMm - inset - size, inset),
    at('bottom-right', widthMm - inset - size, heightMm - inset - size),
    at('bottom-left', inset, heightMm - inset - size),
  ];
  if (horizontal) {
    markers.push(at('fold-top', page.widthMm - size / 2, inset), at('fold-bottom', page.widthMm - size / 2, heightMm - inset - size));
  }
  if (vertical) {
    markers.push(at('fold-left', inset, page.heightMm - size / 2), at('fold-right', widthMm - inset - size, page.heightMm - size / 2));
  }

  const designFirst = profile.capture === 'front-nine-page';
  const rect = (x: number, y: number): RectMm => ({ x, y, width: page.widthMm, height: page.heightMm });
  const pages: CapturePage[] = [];
  if (horizontal) {
    pages.push(
      {
        pageId: 'left',
        rectMm: rect(0, 0),
        frame: box(0, 0, 0.5, 1),
        markerRoles: ['top-left', 'fold-top', 'fold-bottom', 'bottom-left'],
        carriesDesign: designFirst,
      },
      {
        pageId: 'right',
        rectMm: rect(page.widthMm, 0),
        frame: box(0.5, 0, 1, 1),
        markerRoles: ['fold-top', 'top-right', 'bottom-right', 'fold-bottom'],
        carriesDesign: !designFirst,
      },
    );
  } else if (vertical) {
    pages.push(
      {
        pageId: 'top',
        rectMm: rect(0, 0),
        frame: box(0, 0, 1, 0.5),
        markerRoles: ['top-left', 'top-right', 'fold-right', 'fold-left'],
        carriesDesign: designFirst,
      },
      {
        pageId: 'bottom',
        rectMm: rect(0, page.heightMm),
        frame: box(0, 0.5, 1, 1),
        markerRoles: ['fold-left', 'fold-right', 'bottom-right', 'bottom-left'],
        carriesDesign: !designFirst,
      },
    );
  } else {
    pages.push({
      pageId: 'page',
      rectMm: rect(0, 0),
      frame: box(0, 0, 1, 1),
      markerRoles: ['top-left', 'top-right', 'bottom-right', 'bottom-left'],
      carriesDesign: true,
    });
  }

  const indexMarker = markers[3];
  const labelRectMm: RectMm = {
    x: indexMarker.xMm + size + page.labelGapMm,
    y: indexMarker.yMm + (size - page.labelHeightMm) / 2,
    width: page.labelWidthMm,
    height: page.labelHeightMm,
  };
  const canonicalPixels = {
    width: Math.round(widthMm * CANONICAL_PIXELS_PER_MM),
    height: Math.round(heightMm * CANONICAL_PIXELS_PER_MM),
  };
  const designPage = pages.find((p) => p.carriesDesign) as CapturePage;
  const regions = buildRegions(profile, widthMm, heightMm, designPage.rectMm, labelRectMm, canonicalPixels);
  return { topology, widthMm, heightMm, pixelsPerMm: CANONICAL_PIXELS_PER_MM, canonicalPixels, markers, pages, labelRectMm, regions };
}

function box(x1: number, y1: number, x2: number, y2: number): Box {
  return { x1, y1, x2, y2 };
}

function buildRegions(
  profile: DesignProfile,
  widthMm: number,
  heightMm: number,
  pageRect: RectMm,
  labelRectMm: RectMm,
  canonicalPixels: { width: number; height: number },
): DesignRegions {
  // Six decimals keep boxes exact to well under a canonical pixel and the hash stable.
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  const normalize = (r: RectMm, onPage = true): Box => {
    const dx = onPage ? pageRect.x : 0;
    const dy = onPage ? pageRect.y : 0;
    return box(round((r.x + dx) / widthMm), round((r.y + dy) / heightMm), round((r.x + dx + r.width) / widthMm), round((r.y + dy + r.height) / heightMm));
  };
  const { table, columnFractions } = profile.layout;
  const holes: HoleRegion[] = [];
  for (let i = 0; i < 9; i++) {
    const y = table.y + table.headerHeight + i * table.rowHeight;
    let x = table.x;
    const cells = {} as Record<HoleCellName, Box>;
    HOLE_CELL_NAMES.forEach((name, c) => {
      const width = table.width * columnFractions[c];
      cells[name] = normalize({ x, y, width, height: table.rowHeight });
      x += width;
    });
    holes.push({ holeNumber: profile.firstHole + i, row: normalize({ x: table.x, y, width: table.width, height: table.rowHeight }), cells });
  }
  const totalsY = table.y + table.headerHeight + 9 * table.rowHeight;
  const supplemental: DesignRegions['supplemental'] = {};
  for (const area of profile.layout.supplemental) {
    supplemental[area.name] = {
      area: normalize(area.area),
      fields: Object.fromEntries(area.fields.map((f) => [f.name, normalize(f.rect)])),
    };
  }
  return {
    coordinateSpace: { origin: 'top-left', unit: 'normalized-0-to-1', canonicalPixels },
    panel: profile.panel,
    markerText: normalize(labelRectMm, false),
    holes,
    totals: normalize({ x: table.x, y: totalsY, width: table.width, height: table.totalsHeight }),
    supplemental,
  };
}
