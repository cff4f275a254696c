/**
 * Graphics that read fine relief (the green heatmap and slope arrows, fairway downhill chevrons)
 * cannot be drawn honestly from a coarse ground model: an SRTM pixel of 30-90 m holds a whole
 * green. Instead of inventing detail, they are refused with `elevation-too-coarse`, naming the
 * resolution they need and the one the course has (issue 19).
 */
import type { Course, ElevationGrid } from '@caddie/catalog';
import type { NormalizedGraphicRequest } from '@caddie/styles';
import { GraphicDataMissingError } from './graphic-data-missing-error';

/** the putting-surface bundle samples 1-yard source elevations; anything coarser cannot show a green's breaks */
export const GREEN_ELEVATION_REQUIRED_METERS = 1;
/** chevrons read slope over 3-9 m cells across 2 m baselines; a ground model coarser than this has no fairway relief */
export const CHEVRON_ELEVATION_REQUIRED_METERS = 10;

export interface ElevationResolutionShortfall {
  /** what the graphic reads: 'green heatmap and slope arrows' or 'fairway downhill chevrons' */
  graphic: string;
  requiredResolutionMeters: number;
  /** the grid's native resolution along its coarser axis */
  availableResolutionMeters: number;
  /** both axes, when the source states them */
  availableResolution: { eastWestMeters: number; northSouthMeters: number };
  source: string;
}

/** The members a problem document carries for a shortfall. */
export function shortfallExtras(s: ElevationResolutionShortfall): Record<string, unknown> {
  return {
    requiredResolutionMeters: s.requiredResolutionMeters,
    availableResolutionMeters: s.availableResolutionMeters,
    availableResolution: s.availableResolution,
    elevationSource: s.source,
  };
}

/** The refusal, a 422 whose problem carries both resolutions. */
export class ElevationTooCoarseError extends GraphicDataMissingError {
  readonly extras: Record<string, unknown>;

  constructor(readonly shortfall: ElevationResolutionShortfall) {
    const a = shortfall.availableResolution;
    super(
      'elevation-too-coarse',
      `${shortfall.graphic} need elevation at ${shortfall.requiredResolutionMeters} m or finer; this course's elevation (${shortfall.source}) is ${a.eastWestMeters} x ${a.northSouthMeters} m (east-west x north-south)`,
    );
    this.extras = shortfallExtras(shortfall);
  }
}

function nativeResolution(grid: ElevationGrid): { eastWestMeters: number; northSouthMeters: number } {
  return grid.precision?.nativeResolution ?? { eastWestMeters: grid.resolutionMeters, northSouthMeters: grid.resolutionMeters };
}

/** The shortfall when `grid` is coarser than `required` metres on either axis, else null. */
export function elevationShortfall(grid: ElevationGrid, required: number, graphic: string): ElevationResolutionShortfall | null {
  const available = nativeResolution(grid);
  const coarsest = Math.max(available.eastWestMeters, available.northSouthMeters);
  if (coarsest <= required) return null;
  return { graphic, requiredResolutionMeters: required, availableResolutionMeters: coarsest, availableResolution: available, source: grid.source };
}

/**
 * Refuses a heatmap or slope arrows when the hole's green has no putting-surface grid fine enough
 * but the course has a (coarse) ground model; a course with no elevation at all keeps answering
 * `elevation-missing` when the graphic is painted.
 */
export function checkElevationResolution(course: Course, request: NormalizedGraphicRequest): void {
  const subject = request.subject;
  if (subject.type === 'course' || subject.type === 'profile-elevation') return;
  const data = request.greenData;
  const wantsGreenData = data?.heatmap === 'elevation' || (subject.type === 'green' && data?.breaks === true);
  if (!wantsGreenData) return;
  const graphic = 'green heatmap and slope arrows';
  const green = course.elevation.greens[String(subject.holeNumber)];
  const grid = green ?? course.elevation.ground;
  if (!grid) return;
  const shortfall = elevationShortfall(grid, GREEN_ELEVATION_REQUIRED_METERS, graphic);
  if (shortfall) throw new ElevationTooCoarseError(shortfall);
}
