import { median, type CellRaster } from '@caddie/handwriting';
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
  /** borderVisibility of its crop, against its page's line depth. */
  borderVisible: number;
}

/**
 * The fields something covers in the photo: below OBSCURED_ALWAYS_BELOW, or below
 * OBSCURED_BELOW and below OBSCURED_RELATIVE of the upper quartile of the fields that share
 * their printed sides (the reference a faded page gives its own rules; a cover over more than a
 * quarter of them lowers it, which is why a nearly hidden border is obscured regardless).
 * Measured by `npm run eval:covers` (seeds 1..100, each photo with and without a thumb, pen or
 * phone over the page; a field is covered when the cover changed 10% of its box), with lines
 * seen against the page's own depth (borderVisibility): 2000x1500, 128 of 170 covered fields
 * flagged, none of the 1,970 fields of the photos without a cover; 1600x1200, 115 of 157, and
 * none of 1,858 (26 when lines had to reach the paper share on every page).
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
/** ...and never less than this many grey levels (a dim photo's paper is dark, its lines are too)... */
const MIN_RIDGE = 12;
/**
 * ...unless the page's rules are all faint: then half the depth its fields' lines typically show
 * is enough. A small or blurred photo spreads a 0.2 mm rule over several canonical pixels: at
 * 1280x960 the hole cells of whole pages showed lines 19 to 24 levels deep on paper at 235, under
 * the 23.5 the paper share asks, and every cell was taken for covered. Over a thumb or a phone
 * the same measure gave 1 to 15 (medians per cell)...
 */
const PAGE_DEPTH_SHARE = 0.5;
/** ...and never less than this: what a flat cover's texture under noise and JPEG reaches. */
const MIN_FADED_RIDGE = 6;
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

/** What a crop shows of its printed border: how far under the paper beside it each position along the sides lies. */
export interface BorderProfile {
  /** Per position along the printed sides (corners left out): paper beside the line minus the darkest pixel near it, grey levels. */
  depths: Float32Array;
  /** The crop's paper level (paperLevel). */
  paper: number;
}

/**
 * The depth of the printed line at every position along a field's printed sides: the darkest
 * pixel within SEARCH of where the line should lie, against the brighter of the paper samples on
 * either side of it (handwriting crossing the line counts too: it is dark). Measured on the crop
 * as the photo gave it, before the contrast normalization, which would lift a dark occluder's
 * texture into ridges as deep as a faint line's.
 */
export function borderProfile(raster: CellRaster, border: CropBorder, sides: readonly BorderSide[]): BorderProfile {
  const { data, width, height } = raster;
  const depths: number[] = [];
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
      const paper = (sign: number) =>
        (at(along, darkestAt + sign * BESIDE) + at(along, darkestAt + sign * (BESIDE + 1)) + at(along, darkestAt + sign * (BESIDE + 2))) / 3;
      depths.push(Math.max(paper(-1), paper(1)) - darkest);
    }
  }
  return { depths: Float32Array.from(depths), paper: paperLevel(data) };
}

/** How deep a page's printed lines typically lie: the median over its fields of each field's median depth. */
export function typicalLineDepth(profiles: readonly BorderProfile[]): number {
  return median(profiles.filter((p) => p.depths.length > 0).map((p) => median(p.depths)));
}

/**
 * The share of a field's printed border that can be seen, 0..1: the positions whose line lies
 * RIDGE_SHARE of the paper level (MIN_RIDGE at least) under the paper beside it, or, on a page
 * whose lines are all faint, PAGE_DEPTH_SHARE of the page's typical depth (MIN_FADED_RIDGE at
 * least). A cell covered by a finger or a phone looks like empty paper once its contrast is
 * normalized, but its printed lines are gone: this is how the page pipeline tells "blank" from
 * "hidden". Without `pageDepth` (one field alone), the paper share decides.
 */
export function borderVisibility(profile: BorderProfile, pageDepth = Infinity): number {
  const { depths, paper } = profile;
  const ridge = Math.max(MIN_FADED_RIDGE, Math.min(Math.max(MIN_RIDGE, RIDGE_SHARE * paper), PAGE_DEPTH_SHARE * pageDepth));
  let seen = 0;
  for (const d of depths) if (d >= ridge) seen++;
  return depths.length === 0 ? 1 : seen / depths.length;
}

/** borderVisibility of one crop (borderProfile then borderVisibility). */
export function printedBorderVisibility(raster: CellRaster, border: CropBorder, sides: readonly BorderSide[], pageDepth = Infinity): number {
  return borderVisibility(borderProfile(raster, border, sides), pageDepth);
}
