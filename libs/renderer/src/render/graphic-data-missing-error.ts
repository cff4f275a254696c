/** The course cannot support the requested graphic; the API answers 422 with this code. Nothing is invented. */
export type GraphicDataMissingCode =
  | 'hole-not-found'
  | 'hole-geometry-missing'
  | 'green-missing'
  | 'elevation-missing'
  | 'elevation-too-coarse'
  | 'course-geometry-missing'
  | 'region-point-unresolved'
  | 'region-points-coincide'
  | 'region-point-too-far';

export class GraphicDataMissingError extends Error {
  readonly status = 422;

  constructor(
    readonly code: GraphicDataMissingCode | string,
    message: string,
  ) {
    super(message);
    this.name = 'GraphicDataMissingError';
  }
}
