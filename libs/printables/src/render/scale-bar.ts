/**
 * The printed scale bar of every green drawing: a bar of known ground length at the page's scale,
 * in a colour used nowhere else so a test (or a print shop) can measure it from the PDF.
 */
export const SCALE_BAR_COLOR = '#d0103a';
/** ground length of the bar */
export const SCALE_BAR_YARDS = 10;
/** The vector edge of a green drawing: a dark green nothing else on a green page uses. */
export const GREEN_EDGE_COLOR = '#0f5a2a';
