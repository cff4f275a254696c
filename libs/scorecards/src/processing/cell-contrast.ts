import type { CellRaster } from '@caddie/handwriting';

/** Paper brightness a cell crop is brought up to (a well-lit page's paper on the canonical image). */
export const PAPER_LEVEL = 235;
/** Largest brightening: beyond it the crop is mostly noise and is left as the photo gave it. */
const MAX_GAIN = 6;
/** Share of a cell crop that is paper at least (handwriting and print cover far less). */
const PAPER_PERCENTILE = 0.6;

/**
 * Photometric normalization of one cell crop before reading: a dim or unevenly lit photo
 * gives a dark normalized page, whose ink sits closer to the paper than the reader's ink
 * thresholds expect. The crop is scaled so its paper reaches PAPER_LEVEL (a gain, which keeps
 * ink-to-paper ratios as a lighting change leaves them); crops of well-lit paper pass unchanged.
 * Local to the cell, so shading across the page is flattened too.
 */
export function normalizeCellContrast(raster: CellRaster): CellRaster {
  const { data } = raster;
  const paper = paperLevel(data);
  if (paper >= PAPER_LEVEL) return raster;
  const gain = Math.min(MAX_GAIN, PAPER_LEVEL / Math.max(1, paper));
  const lookup = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lookup[v] = Math.min(255, Math.round(v * gain));
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = lookup[data[i]];
  return { data: out, width: raster.width, height: raster.height };
}

/** The paper's brightness in a cell crop: the PAPER_PERCENTILE grey level. */
export function paperLevel(data: Uint8Array): number {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]]++;
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += histogram[v];
    if (seen >= PAPER_PERCENTILE * data.length) return v;
  }
  return 255;
}
