import { createHash } from 'node:crypto';
import type { FieldDecision } from './field-decisions';

/** How a draft's values were chosen; versioned so a change of policy is visible to clients. */
export const SELECTION_POLICY = 'accepted-values-then-best-guess@1';
export const ROUND_RECORD_SCHEMA = 'caddie-scorecard-round-record@1';

export interface RoundRecord {
  schema: typeof ROUND_RECORD_SCHEMA;
  /** Per hole with a score: the accepted value, else the review field's best guess. */
  holes: { holeNumber: number; score: number }[];
  /** Holes whose score field needs review (included from a best guess, or omitted without one). */
  reviewHoleNumbers: number[];
}

export interface RoundDraft {
  draftId: string;
  selectionPolicy: string;
  pageInstanceIds: string[];
  record: RoundRecord;
}

/** Deterministic per request and page, so a replayed response names the same draft. */
export function draftId(requestId: string, pageInstanceId: string): string {
  return `drf_${createHash('sha256').update(`${requestId}\n${pageInstanceId}`).digest('base64url').slice(0, 22)}`;
}

/**
 * The canonical round record of one processed page. Pages are never merged: two sheets in
 * one photo share no printed instance token, so which nines form one round is unknown.
 */
export function roundDraft(requestId: string, pageInstanceId: string, fields: readonly FieldDecision[]): RoundDraft {
  const holes: RoundRecord['holes'] = [];
  const reviewHoleNumbers: number[] = [];
  for (const field of fields) {
    const match = /^hole-(\d+)$/.exec(field.row);
    if (!match || field.field !== 'score') continue;
    const holeNumber = Number(match[1]);
    if (field.decision === 'NEEDS_REVIEW') reviewHoleNumbers.push(holeNumber);
    const score = field.decision === 'ACCEPTED' ? field.value : field.bestGuess;
    if (typeof score === 'number') holes.push({ holeNumber, score });
  }
  return {
    draftId: draftId(requestId, pageInstanceId),
    selectionPolicy: SELECTION_POLICY,
    pageInstanceIds: [pageInstanceId],
    record: { schema: ROUND_RECORD_SCHEMA, holes, reviewHoleNumbers },
  };
}
