/** Why a side-view elevation profile cannot be drawn for a hole; `code` is stable for callers. */
export type ProfileDataMissingCode = 'hole-not-found' | 'elevation-missing' | 'hole-geometry-missing' | 'green-missing';

/** The course lacks what the profile needs; nothing is invented to fill the gap. */
export class ProfileDataMissingError extends Error {
  constructor(
    readonly code: ProfileDataMissingCode,
    message: string,
  ) {
    super(message);
    this.name = 'ProfileDataMissingError';
  }
}
