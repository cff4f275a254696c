/** Signed artifact URLs live at most this long (spec Limits: no more than 24 hours). */
export const ARTIFACT_URL_TTL_SECONDS = 60 * 60;

/**
 * Earliest lifecycle-deletion time of a derived artifact: one day after `now`, rounded up to
 * the next UTC midnight (a time already on midnight stays).
 */
export function retentionUntil(now: Date): Date {
  const dayLater = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  const midnight = Date.UTC(dayLater.getUTCFullYear(), dayLater.getUTCMonth(), dayLater.getUTCDate());
  return new Date(midnight === dayLater.getTime() ? midnight : midnight + 24 * 60 * 60 * 1000);
}
