/**
 * Printed page layouts in millimetres. Everything a client needs to crop a cell comes from
 * here (clients never infer crop percentages from the design code).
 */

export type DesignCode = 'M18B' | 'M18F' | 'M9H1' | 'M9H10' | 'M9H10GG' | 'M9H1GG';
export type PanelCode = 'F9' | 'B9';
export type PageCapture = 'front-nine-page' | 'back-nine-page';

export const HOLE_CELL_NAMES = ['hole', 'score', 'putts', 'teeFir', 'teeClub', 'approachGir', 'approachClub', 'approachDistance'] as const;
export type HoleCellName = (typeof HOLE_CELL_NAMES)[number];

/** Rectangle in millimetres on the printed page, origin top-left. */
export interface RectMm {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageLayout {
  widthMm: number;
  heightMm: number;
  /** Side of each marker's black square; 8 modules across. */
  markerSizeMm: number;
  /** Distance from the page edge to the marker's black square (the white margin is the quiet zone). */
  markerInsetMm: number;
  /** Gap between the lower-left (index) marker and the printed S label. */
  labelGapMm: number;
  labelWidthMm: number;
  labelHeightMm: number;
  /** The score table: a header band, one row per hole, then the totals row. */
  table: { x: number; y: number; width: number; headerHeight: number; rowHeight: number; totalsHeight: number };
  /** Column widths as fractions of the table width, in HOLE_CELL_NAMES order. */
  columnFractions: readonly number[];
  /** Named supplemental areas (M18 Round Details, Round Summary, Penalty), each with named fields. */
  supplemental: readonly SupplementalArea[];
}

export interface SupplementalArea {
  name: string;
  area: RectMm;
  fields: readonly { name: string; rect: RectMm }[];
}

export interface DesignProfile {
  designCode: DesignCode;
  panel: PanelCode;
  capture: PageCapture;
  firstHole: number;
  layout: PageLayout;
}

const M9_COLUMNS = [0.08, 0.12, 0.1, 0.1, 0.15, 0.1, 0.15, 0.2];
const GG_COLUMNS = [0.07, 0.11, 0.09, 0.09, 0.16, 0.09, 0.16, 0.23];
const M18_COLUMNS = [0.09, 0.12, 0.1, 0.1, 0.14, 0.1, 0.14, 0.21];

/** A5 landscape, the original square-marker M9 page. */
const M9_LAYOUT: PageLayout = {
  widthMm: 210,
  heightMm: 148,
  markerSizeMm: 14,
  markerInsetMm: 6,
  labelGapMm: 3,
  labelWidthMm: 72,
  labelHeightMm: 6,
  table: { x: 10, y: 24, width: 190, headerHeight: 8, rowHeight: 9, totalsHeight: 9 },
  columnFractions: M9_COLUMNS,
  supplemental: [],
};

/** Half-letter landscape with wider club and distance columns. */
const GG_LAYOUT: PageLayout = {
  widthMm: 216,
  heightMm: 140,
  markerSizeMm: 14,
  markerInsetMm: 6,
  labelGapMm: 3,
  labelWidthMm: 72,
  labelHeightMm: 6,
  table: { x: 10, y: 24, width: 196, headerHeight: 6, rowHeight: 8.5, totalsHeight: 9 },
  columnFractions: GG_COLUMNS,
  supplemental: [],
};

function m18Layout(supplemental: readonly SupplementalArea[]): PageLayout {
  return {
    widthMm: 148,
    heightMm: 210,
    markerSizeMm: 14,
    markerInsetMm: 6,
    labelGapMm: 3,
    labelWidthMm: 72,
    labelHeightMm: 6,
    table: { x: 8, y: 24, width: 132, headerHeight: 7, rowHeight: 10, totalsHeight: 9 },
    columnFractions: M18_COLUMNS,
    supplemental,
  };
}

function fieldRow(names: readonly string[], x: number, y: number, width: number, height: number) {
  const each = width / names.length;
  return names.map((name, i) => ({ name, rect: { x: x + i * each, y, width: each, height } }));
}

const ROUND_DETAILS: SupplementalArea = {
  name: 'roundDetails',
  area: { x: 8, y: 134, width: 132, height: 50 },
  fields: [
    ...fieldRow(['date', 'course'], 8, 134, 132, 12),
    ...fieldRow(['teeBox', 'startTime'], 8, 146, 132, 12),
    { name: 'playingPartners', rect: { x: 8, y: 158, width: 132, height: 26 } },
  ],
};

const ROUND_SUMMARY: SupplementalArea = {
  name: 'roundSummary',
  area: { x: 8, y: 134, width: 132, height: 28 },
  fields: fieldRow(['outScore', 'inScore', 'totalScore', 'totalPutts'], 8, 134, 132, 28),
};

const PENALTY: SupplementalArea = {
  name: 'penalty',
  area: { x: 8, y: 164, width: 132, height: 22 },
  fields: fieldRow(['penaltyStrokes', 'penaltyHoles'], 8, 164, 132, 22),
};

/** Catalog order is the order of `scorecard-design-catalog@3`; marker ids are allocated by it. */
export const DESIGN_PROFILES: readonly DesignProfile[] = [
  { designCode: 'M18B', panel: 'B9', capture: 'back-nine-page', firstHole: 10, layout: m18Layout([ROUND_SUMMARY, PENALTY]) },
  { designCode: 'M18F', panel: 'F9', capture: 'front-nine-page', firstHole: 1, layout: m18Layout([ROUND_DETAILS]) },
  { designCode: 'M9H1', panel: 'F9', capture: 'front-nine-page', firstHole: 1, layout: M9_LAYOUT },
  { designCode: 'M9H10', panel: 'B9', capture: 'back-nine-page', firstHole: 10, layout: M9_LAYOUT },
  { designCode: 'M9H10GG', panel: 'B9', capture: 'back-nine-page', firstHole: 10, layout: GG_LAYOUT },
  { designCode: 'M9H1GG', panel: 'F9', capture: 'front-nine-page', firstHole: 1, layout: GG_LAYOUT },
];
