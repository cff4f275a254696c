/**
 * The scale a green graphic prints at: the file declares its dpi, so a green drawn at P pixels per
 * metre prints at 1:N with N = dpi / (P x 0.0254). Rule 4.3 (Clarification 4.3a/1, green-reading
 * materials) allows 1:480 (3/8 in to 5 yd) or smaller: N must be 480 or more.
 */
import type { Course } from '@caddie/catalog';
import type { NormalizedGraphicRequest } from '@caddie/styles';
import { GraphicDataMissingError } from '../render/graphic-data-missing-error';
import { composeGreen } from './green-composition';

export const METERS_PER_INCH = 0.0254;
/** The largest scale Rule 4.3 allows green-reading materials: 1:480. */
export const RULE_43_GREEN_SCALE_DENOMINATOR = 480;

/** N of 1:N for artwork at `pixelsPerMeter` printed at `dpi`. */
export function printScaleDenominator(pixelsPerMeter: number, dpi: number): number {
  return dpi / (pixelsPerMeter * METERS_PER_INCH);
}

/** '1:N' with N rounded to a whole number, as a header or listing states it. */
export function printScaleText(denominator: number): string {
  return `1:${Math.round(denominator)}`;
}

export interface GreenPrintScale {
  denominator: number;
  /** the largest output (same dpi and aspect ratio) that still prints at 1:480 or smaller */
  largestConforming: { width: number; height: number };
}

/** The print scale of a green request, computed from the same composition the renderer paints. */
export function greenPrintScale(course: Course, request: NormalizedGraphicRequest): GreenPrintScale {
  const subject = request.subject;
  if (subject.type !== 'green') throw new Error('greenPrintScale: not a green request');
  const hole = course.holes.find((h) => h.number === subject.holeNumber);
  if (!hole) throw new GraphicDataMissingError('hole-not-found', `hole ${subject.holeNumber} is not in the course`);
  const scaleAt = (width: number, height: number) =>
    printScaleDenominator(
      composeGreen(course, hole, { ...request, output: { ...request.output, width, height } }).transform.pixelsPerMeter,
      request.output.dpi,
    );
  const { width, height } = request.output;
  const denominator = scaleAt(width, height);
  // metric and percentage padding scale with the output, so the scale grows in proportion; pixel
  // padding does not quite, hence the check and the small steps down
  let factor = denominator / RULE_43_GREEN_SCALE_DENOMINATOR;
  let largest = { width: Math.floor(width * factor), height: Math.floor(height * factor) };
  for (let step = 0; step < 50 && scaleAt(largest.width, largest.height) < RULE_43_GREEN_SCALE_DENOMINATOR; step++) {
    factor *= 0.995;
    largest = { width: Math.floor(width * factor), height: Math.floor(height * factor) };
  }
  return { denominator, largestConforming: largest };
}
