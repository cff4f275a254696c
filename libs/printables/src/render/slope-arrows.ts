/**
 * Slope arrows of a green book, drawn as vectors over the green art: the renderer's arrow layout
 * (local downhill direction, length growing with slope) coloured by the slope band it falls in, so
 * the legend page can say what each colour and length means in % slope.
 */
import type { Course, Hole } from '@caddie/catalog';
import {
  ARROW_SHAFT_MM,
  breakSpacingMeters,
  buildPuttingSurface,
  downhillArrowLengthMeters,
  downhillArrowSegment,
  downhillArrowSegments,
  traceDownhillArrow,
} from '@caddie/renderer';
import type { DownhillArrowSegment } from '@caddie/renderer';
import type { GreenOutline } from '../compile/green-framing';
import { METERS_PER_INCH } from '../compile/green-framing';
import type { PageContext } from './page-context';
import { INK } from './page-furniture';
import type { PlacedArt } from './renderer-art';

/** Page points per millimetre of paper. */
const POINTS_PER_MM = 72 / 25.4;
/** Books use the graphics API's default density. */
const DENSITY = 'medium' as const;

export interface SlopeBand {
  /** slopes from `from` (inclusive) to `to` (exclusive), rise per metre */
  from: number;
  to: number;
  color: string;
  label: string;
}

/** Below 0.5 % no arrow is drawn (the renderer's NEGLIGIBLE_SLOPE); bands warm and darken with slope. */
export const SLOPE_BANDS: readonly SlopeBand[] = [
  { from: 0.005, to: 0.015, color: '#fff3a6', label: '0.5-1.5 %' },
  { from: 0.015, to: 0.025, color: '#ffbf2e', label: '1.5-2.5 %' },
  { from: 0.025, to: 0.035, color: '#f26b1d', label: '2.5-3.5 %' },
  { from: 0.035, to: Infinity, color: '#7a2a8c', label: '3.5 % or more' },
];

export function slopeBand(slope: number): SlopeBand {
  return SLOPE_BANDS.find((b) => slope < b.to) ?? SLOPE_BANDS[SLOPE_BANDS.length - 1];
}

/** The arrows of a green in page points through the art's projection; none without measured elevation. */
export function greenSlopeArrows(course: Course, hole: Hole, outline: GreenOutline, art: PlacedArt): DownhillArrowSegment[] {
  const grid = course.elevation.greens[String(hole.number)];
  if (!grid) return [];
  const surface = buildPuttingSurface(outline.green.geometry as never, grid);
  return downhillArrowSegments(surface, (lon, lat) => art.toPage([lon, lat]), {
    layout: 'fluid',
    density: DENSITY,
    pixelsPerMeter: art.pointsPerMeter,
    pixelsPerMm: POINTS_PER_MM,
  });
}

/** Each arrow filled in its band's colour with a thin dark outline, so pale arrows read on turf. */
export function paintSlopeArrows(ctx: PageContext, arrows: readonly DownhillArrowSegment[]): void {
  for (const band of SLOPE_BANDS) {
    const mine = arrows.filter((a) => slopeBand(a.slope) === band);
    if (mine.length === 0) continue;
    ctx.beginPath();
    for (const arrow of mine) traceDownhillArrow(ctx, arrow);
    ctx.fillStyle = band.color;
    ctx.fill('nonzero');
    ctx.strokeStyle = INK;
    ctx.lineWidth = 0.3;
    ctx.stroke();
  }
}

/** A key arrow as long on paper as a green page at 1:`denominator` draws one at `slope`, tail at (x, y), pointing right. */
export function keyArrow(x: number, y: number, slope: number, denominator: number): DownhillArrowSegment {
  const pointsPerMeter = 72 / (METERS_PER_INCH * denominator);
  const spacing = breakSpacingMeters(DENSITY, pointsPerMeter, POINTS_PER_MM);
  const length = downhillArrowLengthMeters(spacing, slope) * pointsPerMeter;
  const shaftWidth = Math.max(1, ARROW_SHAFT_MM[DENSITY] * POINTS_PER_MM);
  return downhillArrowSegment([x, y], [x + length, y], shaftWidth, slope);
}
