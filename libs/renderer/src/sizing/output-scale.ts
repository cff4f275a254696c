/**
 * Scale-aware sizes. Every stroke, label, badge, flag and arrow of a graphic is quoted at the
 * subject's default output size (hole 1440x2400, green 1200x1200, course 2400x1600, profile
 * 1600x600), either in pixels there or in millimetres printed at 300 dpi there, and grows with
 * the output: a graphic rendered at 3x the default size is the default graphic enlarged, so a
 * label stays the same share of the picture at any width. Painters, the profile and overlay
 * resolution take their sizes from here instead of fixed pixel constants.
 */
import { DEFAULT_OUTPUT_SIZES, type GraphicSubjectType } from '@caddie/styles';

export const PRINT_DPI = 300;
export const MM_PER_INCH = 25.4;

/** Short side of each subject's default output size, the reference the factor is taken against. */
const REFERENCE_SHORT_SIDE: Record<GraphicSubjectType, number> = {
  hole: Math.min(DEFAULT_OUTPUT_SIZES.holePortrait.width, DEFAULT_OUTPUT_SIZES.holePortrait.height),
  'hole-region': Math.min(DEFAULT_OUTPUT_SIZES.holePortrait.width, DEFAULT_OUTPUT_SIZES.holePortrait.height),
  green: DEFAULT_OUTPUT_SIZES.green.width,
  course: Math.min(DEFAULT_OUTPUT_SIZES.course.width, DEFAULT_OUTPUT_SIZES.course.height),
  'profile-elevation': Math.min(DEFAULT_OUTPUT_SIZES.profileElevation.width, DEFAULT_OUTPUT_SIZES.profileElevation.height),
};

/** The map painters' historic reference: their pixel widths were tuned at a 1440-pixel short side. */
const PAINTER_REFERENCE_SHORT_SIDE = 1440;
/** Thumbnails keep hairlines visible: painter widths never shrink below this share. */
const MIN_PAINTER_SCALE = 0.35;

export class OutputScale {
  /** output size over the subject's default size, by the short side (1 at the default size) */
  readonly factor: number;

  constructor(
    readonly subject: GraphicSubjectType,
    readonly width: number,
    readonly height: number,
    /** the dpi the file declares; textures keep their printed size at it */
    readonly dpi: number = PRINT_DPI,
  ) {
    this.factor = Math.min(width, height) / REFERENCE_SHORT_SIDE[subject];
  }

  /**
   * Factor for paper and turf grain. Grain grows with the output like everything else only until
   * it is as large on paper as at the default size printed at 300 dpi: an 8000-pixel graphic
   * printed at 300 dpi keeps 0.25 mm flecks instead of 1.4 mm blocks, while a graphic enlarged
   * for a screen at low dpi still grows (never below 1: thumbnails keep the default specks).
   */
  get textureFactor(): number {
    return Math.max(1, Math.min(this.factor, this.dpi / PRINT_DPI));
  }

  /** Pixels for a size quoted in pixels at the default output size. */
  pixels(atDefault: number): number {
    return atDefault * this.factor;
  }

  /** Pixels for a size quoted in millimetres when the default size is printed at 300 dpi. */
  mm(millimetres: number): number {
    return ((millimetres * PRINT_DPI) / MM_PER_INCH) * this.factor;
  }

  /**
   * Factor for the map painters' pixel widths (quoted at a 1440-pixel short side, whatever the
   * subject), so each subject keeps its look at its default size and scales from there.
   */
  get painterScale(): number {
    return Math.max(MIN_PAINTER_SCALE, Math.min(this.width, this.height) / PAINTER_REFERENCE_SHORT_SIDE);
  }
}

/** Millimetres a length of `pixels` measures printed at `dpi`. */
export function pixelsToMm(pixels: number, dpi = PRINT_DPI): number {
  return (pixels / dpi) * MM_PER_INCH;
}
