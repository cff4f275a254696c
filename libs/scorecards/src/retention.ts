/** Retention of scorecard artifacts (spec Limits and Retention): every constant in one place. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Signed artifact URLs live at most this long (spec Limits: no more than 24 hours). */
export const ARTIFACT_URL_TTL_SECONDS = 60 * 60;

/** Where the normalized PNGs and marker-diagnostic JPEGs are stored, one folder per deletion day. */
export const SCORECARD_ARTIFACT_ROOT = 'scorecards/';

/** How often the cluster's retention sweep runs; an artifact is gone at most this long after its `retentionUntil`. */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Earliest lifecycle-deletion time of a derived artifact: one day after `now`, rounded up to
 * the next UTC midnight (a time already on midnight stays).
 */
export function retentionUntil(now: Date): Date {
  const dayLater = new Date(now.getTime() + DAY_MS);
  const midnight = Date.UTC(dayLater.getUTCFullYear(), dayLater.getUTCMonth(), dayLater.getUTCDate());
  return new Date(midnight === dayLater.getTime() ? midnight : midnight + DAY_MS);
}

/**
 * The folder of the artifacts created at `now`: named by their deletion midnight, so the sweep
 * decides per folder from its name alone (no per-object metadata read, the same on disk and S3).
 */
export function scorecardArtifactFolder(now: Date): string {
  return `${SCORECARD_ARTIFACT_ROOT}expires-${retentionUntil(now).toISOString().slice(0, 10)}/`;
}

/**
 * When every artifact of a folder under SCORECARD_ARTIFACT_ROOT may be deleted, or undefined for
 * a folder this scheme did not create. Folders named by their creation day (`YYYY-MM-DD/`, the
 * earlier layout) hold artifacts created that day, whose retention ends two midnights later at most.
 */
export function artifactFolderExpiry(folder: string): Date | undefined {
  const name = folder.slice(SCORECARD_ARTIFACT_ROOT.length).replace(/\/$/, '');
  const match = /^(expires-)?(\d{4}-\d{2}-\d{2})$/.exec(name);
  if (!folder.startsWith(SCORECARD_ARTIFACT_ROOT) || !match) return undefined;
  const day = Date.parse(`${match[2]}T00:00:00Z`);
  if (Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== match[2]) return undefined;
  return new Date(match[1] ? day : day + 2 * DAY_MS);
}
