/**
 * Every raster a page's render will make, computed at compile from the same frames and formulas
 * the renderer uses, so a request whose options cannot render (artwork below or above the
 * graphics renderer's pixel range, a page PNG too large to hold in memory) is refused at compile
 * and create with 422, never discovered by a render worker later.
 */
import type { Course, Hole } from '@caddie/catalog';
import { GRAPHIC_DIMENSION_RANGE } from '@caddie/styles';
import { greenOutline, METERS_PER_INCH, type GreenOutline } from './green-framing';
import { bookPageFrames, GREEN_PAGE_TABLE_IN, holePageFrames, NUMBERS_ON_ART, sheetFrames, type RectIn } from './page-layout';
import type { ManifestPage } from './printable-manifest';

/**
 * Largest page PNG (trim x dpi) a render worker makes: an RGBA canvas of 80 Mpx is 320 MB, about
 * what a worker can hold beside its other jobs. 24 x 36 in at 300 dpi (77.8 Mpx) fits.
 */
export const MAX_PAGE_RASTER_PIXELS = 80_000_000;

/** Most ground kept around a green; the renderer's metric padding is bounded. */
export const MAX_GREEN_PADDING_METERS = 58;

export interface PixelSize {
  width: number;
  height: number;
}

/** The artwork frame of a hole page (book) or hole sheet (Letter/A4). */
export function holeArtFrame(kind: 'hole' | 'hole-sheet', widthIn: number, heightIn: number, numbersOnArt: boolean): RectIn {
  return (kind === 'hole-sheet' ? sheetFrames(widthIn, heightIn, 0.4) : holePageFrames(widthIn, heightIn, numbersOnArt)).art;
}

/** The artwork frame of a green page. */
export function greenArtFrame(widthIn: number, heightIn: number): RectIn {
  return bookPageFrames(widthIn, heightIn, GREEN_PAGE_TABLE_IN).art;
}

export function holeArtPixels(frame: RectIn, dpi: number): PixelSize {
  return { width: Math.round(frame.width * dpi), height: Math.round(frame.height * dpi) };
}

/** The green raster at exactly 1:`denominator`: the frame's ground, or less when the padding would exceed its bound. */
export function greenArtPixels(
  outline: GreenOutline,
  frame: RectIn,
  denominator: number,
  dpi: number,
): PixelSize & { pixelsPerMeter: number; halfWidthM: number; halfHeightM: number } {
  const pixelsPerMeter = dpi / (METERS_PER_INCH * denominator);
  const e = outline.extent;
  const halfWidthM = Math.min((frame.width * METERS_PER_INCH * denominator) / 2, Math.min(e.left, e.right) + MAX_GREEN_PADDING_METERS);
  const halfHeightM = Math.min((frame.height * METERS_PER_INCH * denominator) / 2, Math.min(e.top, e.bottom) + MAX_GREEN_PADDING_METERS);
  return { width: Math.round(2 * halfWidthM * pixelsPerMeter), height: Math.round(2 * halfHeightM * pixelsPerMeter), pixelsPerMeter, halfWidthM, halfHeightM };
}

/**
 * The dpi artwork is painted at: the page's, raised until the raster's short side reaches the
 * renderer's minimum. Previews (60 dpi) draw that larger raster scaled into the same frame, so
 * every page that prints also previews; print resolutions are checked at compile and never raised.
 */
export function artPaintDpi(dpi: number, sizeAt: (dpi: number) => PixelSize): number {
  const { min } = GRAPHIC_DIMENSION_RANGE;
  let paintDpi = dpi;
  for (let i = 0; i < 8; i++) {
    const size = sizeAt(paintDpi);
    const small = Math.min(size.width, size.height);
    if (small >= min || small <= 0) break;
    paintDpi = Math.ceil((paintDpi * min) / small) + i;
  }
  return paintDpi;
}

/** Why the pages' rasters cannot be rendered at `dpi` (empty when they can). */
export function rasterProblems(course: Course, pages: readonly ManifestPage[], widthIn: number, heightIn: number, dpi: number): string[] {
  const problems = new Set<string>();
  const { min, max } = GRAPHIC_DIMENSION_RANGE;
  const checkArt = (what: string, size: PixelSize) => {
    const small = Math.min(size.width, size.height);
    const large = Math.max(size.width, size.height);
    if (small < min)
      problems.add(
        `${what} would be ${size.width} x ${size.height} px at ${dpi} dpi, below the renderer's ${min} px; use dpi ${Math.ceil((dpi * min) / small)} or more`,
      );
    if (large > max)
      problems.add(
        `${what} would be ${size.width} x ${size.height} px at ${dpi} dpi, above the renderer's ${max} px; use dpi ${Math.floor((dpi * max) / large)} or less`,
      );
  };
  for (const page of pages) {
    const w = page.trimIn?.width ?? widthIn;
    const h = page.trimIn?.height ?? heightIn;
    const pagePixels = Math.round(w * dpi) * Math.round(h * dpi);
    if (pagePixels > MAX_PAGE_RASTER_PIXELS) {
      problems.add(
        `a ${w} x ${h} in page at ${dpi} dpi is ${(pagePixels / 1e6).toFixed(1)} Mpx, above the ${MAX_PAGE_RASTER_PIXELS / 1e6} Mpx a page PNG may have; use dpi ${Math.floor(Math.sqrt(MAX_PAGE_RASTER_PIXELS / (w * h)))} or less`,
      );
    }
    const hole = course.holes.find((x) => x.number === page.holeNumber) as Hole | undefined;
    if ((page.kind === 'hole' || page.kind === 'hole-sheet') && hole && hole.centerline.length >= 2) {
      checkArt(
        `the hole artwork of ${page.kind === 'hole' ? 'a hole page' : 'the hole sheet'}`,
        holeArtPixels(holeArtFrame(page.kind, w, h, page.holds.includes(NUMBERS_ON_ART)), dpi),
      );
    }
    if (page.kind === 'green' && hole && page.greenScaleDenominator) {
      const outline = greenOutline(course, hole);
      if (outline) checkArt(`the green artwork of hole ${hole.number}`, greenArtPixels(outline, greenArtFrame(w, h), page.greenScaleDenominator, dpi));
    }
  }
  return [...problems];
}
