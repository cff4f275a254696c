import type { CellRaster } from '@caddie/handwriting';
import { paperLevel } from './cell-contrast';

/**
 * A field whose printed border is visible along less than this share of its length is obscured:
 * a thumb, a pen or a phone lies over it. Measured on synthetic photos (2000x1500, lighting, blur
 * and JPEG as eval:process makes them): without occlusion (seeds 1..150, 2,920 grid cells) the
 * lowest share was 0.86 and 1% of cells were below 0.95 (heavy blur, a dark header rule); with
 * an occluder over the page (seeds 1..60) 70 cells fell below 0.7 and 17 more between 0.7 and
 * 0.8, partly covered, their writing partly hidden.
 */
export const OBSCURED_BELOW = 0.8;
/**
 * A printed line must lie this share of the crop's paper level under the paper beside it to
 * count as seen (24 levels on well-lit paper)...
 */
const RIDGE_SHARE = 0.1;
/** ...and never less than this many grey levels (a dim photo's paper is dark, its lines are too). */
const MIN_RIDGE = 12;
/** How far from its expected place a line is looked for (registration and crop rounding), pixels. */
const SEARCH = 4;
/** Where the paper beside a line is sampled, pixels from the line's darkest row (3 samples from here). */
const BESIDE = 4;
/** Share of each side left out at both ends, where the crossing lines of the grid meet it. */
const CORNER_INSET = 0.1;

/** The printed sides of a field's border, as lines in its crop (pixels). */
export interface CropBorder {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type BorderSide = keyof CropBorder;

/**
 * The share of a field's printed border that can be seen in its crop, 0..1: along each printed
 * side, a position counts when the darkest pixel near the line lies RIDGE_SHARE of the paper level
 * (MIN_RIDGE at least) under the paper on one side of it (handwriting crossing the line counts
 * too: it is dark). A cell covered by a finger or a phone looks like empty paper once its contrast
 * is normalized, but its printed lines are gone: this is how the page pipeline tells "blank" from
 * "hidden". Measured on the crop
 * as the photo gave it, before the contrast normalization, which would lift a dark occluder's
 * texture into ridges as deep as a faint line's.
 */
export function printedBorderVisibility(raster: CellRaster, border: CropBorder, sides: readonly BorderSide[]): number {
  const { data, width, height } = raster;
  const ridge = Math.max(MIN_RIDGE, RIDGE_SHARE * paperLevel(data));
  let seen = 0;
  let total = 0;
  for (const side of sides) {
    const horizontal = side === 'top' || side === 'bottom';
    const across = horizontal ? height : width;
    const at = (along: number, offset: number) => {
      const p = Math.min(across - 1, Math.max(0, Math.round(offset)));
      return horizontal ? data[p * width + along] : data[along * width + p];
    };
    const from = Math.ceil(horizontal ? border.left : border.top);
    const to = Math.floor(horizontal ? border.right : border.bottom);
    const inset = Math.round(CORNER_INSET * (to - from));
    const line = border[side];
    for (let along = Math.max(0, from + inset); along <= Math.min((horizontal ? width : height) - 1, to - inset); along++) {
      let darkest = 256;
      let darkestAt = line;
      for (let o = -SEARCH; o <= SEARCH; o++) {
        const v = at(along, line + o);
        if (v < darkest) {
          darkest = v;
          darkestAt = line + o;
        }
      }
      const paper = (sign: number) => (at(along, darkestAt + sign * BESIDE) + at(along, darkestAt + sign * (BESIDE + 1)) + at(along, darkestAt + sign * (BESIDE + 2))) / 3;
      total++;
      if (Math.max(paper(-1), paper(1)) - darkest >= ridge) seen++;
    }
  }
  return total === 0 ? 1 : seen / total;
}
