import type { FieldDecision } from './field-decisions';

/**
 * Page statuses: `PROCESSED` (every field accepted), `NEEDS_REVIEW` (processed, at least one
 * field needs review), `NORMALIZED_ONLY` (normalized but not read; a structured issue says why).
 */
export type PageStatus = 'PROCESSED' | 'NEEDS_REVIEW' | 'NORMALIZED_ONLY';

/**
 * Top-level statuses: `COMPLETE` (every page processed, nothing to review),
 * `COMPLETE_WITH_REVIEW` (every page processed, some field needs review), `PARTIAL` (a page
 * is only normalized, or a page in the photo could not be normalized at all).
 */
export type ProcessingStatus = 'COMPLETE' | 'COMPLETE_WITH_REVIEW' | 'PARTIAL';

/** `null` fields: the page was not processed. */
export function pageStatus(fields: readonly FieldDecision[] | null): PageStatus {
  if (fields === null) return 'NORMALIZED_ONLY';
  return fields.some((f) => f.decision === 'NEEDS_REVIEW') ? 'NEEDS_REVIEW' : 'PROCESSED';
}

/** `missingPages`: pages seen in the photo that did not become a page result (their issues). */
export function processingStatus(pages: readonly PageStatus[], missingPages: number): ProcessingStatus {
  if (missingPages > 0 || pages.length === 0 || pages.includes('NORMALIZED_ONLY')) return 'PARTIAL';
  return pages.includes('NEEDS_REVIEW') ? 'COMPLETE_WITH_REVIEW' : 'COMPLETE';
}

export interface CellSummary {
  totalCells: number;
  acceptedCells: number;
  reviewCells: number;
  /** reviewCells / totalCells to four decimals (0 for a page without cells). */
  reviewRate: number;
}

export function cellSummary(fields: readonly FieldDecision[]): CellSummary {
  const acceptedCells = fields.filter((f) => f.decision === 'ACCEPTED').length;
  const reviewCells = fields.length - acceptedCells;
  return { totalCells: fields.length, acceptedCells, reviewCells, reviewRate: fields.length ? Math.round((reviewCells / fields.length) * 1e4) / 1e4 : 0 };
}
