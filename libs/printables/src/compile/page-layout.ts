/**
 * Where things sit on each kind of page, in inches from the trim's top-left corner. Compile and
 * the page renderer read the same frames, so the scale compile reports is the one printed.
 */
export interface RectIn {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageFrameSet {
  /** safe margin inside the trim */
  margin: number;
  header: RectIn;
  art: RectIn;
  table: RectIn;
  footer: RectIn;
}

/** A book page (pocket or A6): header band, artwork, a table under it, footer line. */
export function bookPageFrames(widthIn: number, heightIn: number, tableHeightIn: number): PageFrameSet {
  const margin = 0.22;
  const innerWidth = widthIn - 2 * margin;
  const header = { x: margin, y: margin, width: innerWidth, height: 0.62 };
  const footer = { x: margin, y: heightIn - margin - 0.16, width: innerWidth, height: 0.16 };
  const table = { x: margin, y: footer.y - 0.06 - tableHeightIn, width: innerWidth, height: tableHeightIn };
  const artTop = header.y + header.height + 0.06;
  const art = { x: margin, y: artTop, width: innerWidth, height: table.y - 0.06 - artTop };
  return { margin, header, art, table, footer };
}

/**
 * The hole page keeps room under the artwork for the tee lengths, the key to the numbers and a
 * notes area; carries and green distances are printed on the artwork beside what they measure.
 */
export const HOLE_PAGE_TABLE_IN = 1.15;
/** version 1 and 2 hole pages: a carry table under the artwork */
export const HOLE_PAGE_TABLE_V1_IN = 1.95;
/** What a hole page `holds` when its numbers are on the artwork (templates of version 3 on). */
export const NUMBERS_ON_ART = 'numbers-on-art';

/** Type and tables shrink a little on pages shorter than the pocket book (A6), never below 88%. */
export function bookTypeScale(heightIn: number): number {
  return Math.max(0.88, Math.min(1, heightIn / 7));
}

export function holePageFrames(widthIn: number, heightIn: number, numbersOnArt: boolean): PageFrameSet {
  return bookPageFrames(widthIn, heightIn, (numbersOnArt ? HOLE_PAGE_TABLE_IN : HOLE_PAGE_TABLE_V1_IN) * bookTypeScale(heightIn));
}
/** the green page keeps room for the scale bar, measurements and slope note */
export const GREEN_PAGE_TABLE_IN = 1.25;

/** Large single sheets (Letter, A4, posters): margins grow with the sheet. */
export function sheetFrames(widthIn: number, heightIn: number, tableWidthFraction: number): PageFrameSet {
  const margin = Math.max(0.4, Math.min(widthIn, heightIn) * 0.05);
  const innerWidth = widthIn - 2 * margin;
  const headerHeight = Math.max(0.9, heightIn * 0.08);
  const header = { x: margin, y: margin, width: innerWidth, height: headerHeight };
  const footerHeight = Math.max(0.25, heightIn * 0.02);
  const footer = { x: margin, y: heightIn - margin - footerHeight, width: innerWidth, height: footerHeight };
  const top = header.y + header.height + 0.1;
  const bodyHeight = footer.y - 0.1 - top;
  const tableWidth = innerWidth * tableWidthFraction;
  const art = { x: margin, y: top, width: innerWidth - tableWidth - (tableWidth > 0 ? 0.2 : 0), height: bodyHeight };
  const table = { x: margin + innerWidth - tableWidth, y: top, width: tableWidth, height: bodyHeight };
  return { margin, header, art, table, footer };
}

/**
 * Cells of a pin sheet page: columns x rows of greens. A pocket or A6 sheet holds one green, so
 * it can be drawn at 1:480 (two to a page needed 1:600 to 1:960).
 */
export function pinSheetGrid(widthIn: number, _heightIn: number): { columns: number; rows: number } {
  if (widthIn >= 8) return { columns: 3, rows: 3 };
  return { columns: 1, rows: 1 };
}
