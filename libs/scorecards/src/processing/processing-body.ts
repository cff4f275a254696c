import type { FieldDecision } from './field-decisions';
import { PROCESSING_SCHEMA, type ProcessedPage, type ProcessingBodyV3, type ProcessingIssue, type ProcessingWarning } from './processing-schema';
import { cellSummary, pageStatus, processingStatus } from './processing-status';
import { roundDraft } from './round-drafts';

/** One discovered page as the body builder sees it. */
export interface PageOutcome {
  pageInstanceId: string;
  design: { designId: string; panel: 'F9' | 'B9' };
  /** The page's decisions in plan order, or null when it was not processed. */
  fields: readonly FieldDecision[] | null;
  /** Why the page was not processed (required when `fields` is null). */
  notProcessed?: { code: string; message: string };
  warnings: readonly ProcessingWarning[];
}

/** Exactly the public keys, in contract order (drops anything an internal step attached). */
function publicDecision(d: FieldDecision): FieldDecision {
  return {
    row: d.row,
    field: d.field,
    decision: d.decision,
    value: d.decision === 'ACCEPTED' ? d.value : null,
    literal: d.literal,
    ...(d.decision === 'NEEDS_REVIEW' && d.bestGuess !== undefined ? { bestGuess: d.bestGuess } : {}),
    reasonCodes: [...d.reasonCodes],
  };
}

const PROCESSING_STATUS = { PROCESSED: 'PROCESSED', NEEDS_REVIEW: 'NEEDS_REVIEW', NORMALIZED_ONLY: 'NOT_PROCESSED' } as const;

/**
 * The version 3 processing body without the request metadata. `missing` lists pages seen in
 * the photo that did not become a page (unreadable identity, incomplete markers, a design
 * without a production processor); they make the result PARTIAL. `warnings` are leftovers
 * that cost no page. Carries decisions and drafts only: no geometry, marker evidence,
 * quality figures, confidences, provider or model names, costs or debug artifacts.
 */
export function processingBodyV3(
  requestId: string,
  outcomes: readonly PageOutcome[],
  missing: readonly ProcessingIssue[] = [],
  warnings: readonly ProcessingWarning[] = [],
): ProcessingBodyV3 {
  const pages: ProcessedPage[] = outcomes.map((outcome) => {
    const fields = outcome.fields?.map(publicDecision) ?? [];
    const status = pageStatus(outcome.fields);
    return {
      pageInstanceId: outcome.pageInstanceId,
      status,
      design: { designId: outcome.design.designId, panel: outcome.design.panel },
      processing: { status: PROCESSING_STATUS[status], fields, summary: cellSummary(fields) },
      warnings: outcome.warnings.map(({ code, message }) => ({ code, message })),
    };
  });
  const pageIssues: ProcessingIssue[] = outcomes
    .filter((o) => o.fields === null)
    .map((o) => ({
      code: o.notProcessed?.code ?? 'scorecard-page-not-processed',
      message: o.notProcessed?.message ?? 'the page was normalized but its handwriting was not read',
      pageInstanceId: o.pageInstanceId,
    }));
  const processed = pages.filter((p) => p.status !== 'NORMALIZED_ONLY');
  return {
    schema: PROCESSING_SCHEMA,
    status: processingStatus(
      pages.map((p) => p.status),
      missing.length,
    ),
    pages,
    roundDrafts: processed.map((p) => roundDraft(requestId, p.pageInstanceId, p.processing.fields)),
    summary: {
      discoveredPages: pages.length,
      processedPages: processed.length,
      normalizedOnlyPages: pages.length - processed.length,
      acceptedCells: pages.reduce((s, p) => s + p.processing.summary.acceptedCells, 0),
      reviewCells: pages.reduce((s, p) => s + p.processing.summary.reviewCells, 0),
    },
    issues: [...pageIssues, ...missing.map(({ code, message, pageInstanceId }) => ({ code, message, ...(pageInstanceId ? { pageInstanceId } : {}) }))],
    warnings: warnings.map(({ code, message }) => ({ code, message })),
  };
}
