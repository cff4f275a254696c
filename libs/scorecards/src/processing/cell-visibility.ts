import type { CellRaster } from '@caddie/handwriting';
import { paperLevel } from './cell-contrast';

/**
 * A field whose printed border is visible along less than this share of its length may be obscured:
 * a thumb, a pen or a phone lies over it. Measured on synthetic photos (2000x1500, lighting, blur
 * and JPEG as eval:process makes them): without occlusion (seeds 1..150, 2,920 grid cells) the
 * lowest share was 0.86 and 1% of cells were below 0.95 (heavy blur, a dark header rule); with
 * an occluder over the page (seeds 1..60) 70 cells fell below 0.7 and 17 more between 0.7 and
 * 0.8, partly covered, their writing partly hidden.
 */
export const OBSCURED_BELOW = 0.8;
/**
 * On a soft photo (small, blurred) thin printed rules fade on every field alike: at 1600x1200
 * without any occluder, 56 of 1,953 fields fell below OBSCURED_BELOW, a whole page's hole cells
 * at 0.45..0.6 where one side's rules had faded. A field is obscured only where it also shows
 * less than this share of what the page's fields with the same printed sides show (their upper
 * quartile)...
 */
export const OBSCURED_RELATIVE = 0.8;
/** ...and always below this share, whatever the page shows: a cover hides nearly all of a border. */
export const OBSCURED_ALWAYS_BELOW = 0.35;
/** Fields with the same printed sides needed on a page before the page is a reference. */
const MIN_REFERENCE_FIELDS = 6;

/** A field's printed border as the page pipeline measured it. */
export interface FieldBorderVisibility {
  id: string;
  sides: readonly BorderSide[];
  /** printedBorderVisibility of its crop. */
  borderVisible: number;
}

/**
 * The fields something covers in the photo: below OBSCURED_ALWAYS_BELOW, or below
 * OBSCURED_BELOW and below OBSCURED_RELATIVE of the upper quartile of the fields that share
 * their printed sides (the reference a faded page gives its own rules; a cover over more than a
 * quarter of them lowers it, which is why a nearly hidden border is obscured regardless).
 * Measured on generated photos with a thumb, pen or phone over the page (cells whose crop the
 * cover changed by at least 10%): at 2000x1500, 110 of 139 flagged either way; at 1600x1200, 94
 * of 123 against 96 by OBSCURED_BELOW alone; without covers at 1600x1200, 18 of 1,953 flagged
 * against 56.
 */
export function obscuredFields(fields: readonly FieldBorderVisibility[]): Set<string> {
  const groups = new Map<string, number[]>();
  const key = (f: FieldBorderVisibility) => [...f.sides].sort().join(',');
  for (const f of fields) {
    const values = groups.get(key(f)) ?? [];
    values.push(f.borderVisible);
    groups.set(key(f), values);
  }
  const reference = new Map<string, number>();
  for (const [k, values] of groups) {
    if (values.length < MIN_REFERENCE_FIELDS) continue;
    values.sort((a, b) => a - b);
    reference.set(k, values[Math.floor(0.75 * values.length)]);
  }
  const obscured = new Set<string>();
  for (const f of fields) {
    const bound = Math.max(OBSCURED_ALWAYS_BELOW, Math.min(OBSCURED_BELOW, OBSCURED_RELATIVE * (reference.get(key(f)) ?? 1)));
    if (f.borderVisible < bound) obscured.add(f.id);
  }
  return obscured;
}
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
