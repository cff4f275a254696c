import { z } from 'zod';
import { REASON_CODES } from './reason-codes';
import { ROUND_RECORD_SCHEMA } from './round-drafts';

/** Schema string of the processing response, version 3. */
export const PROCESSING_SCHEMA = 'caddie-scorecard-processing@3';

const count = z.number().int().min(0);
const codeAndMessage = { code: z.string().min(1), message: z.string() };

export const fieldDecisionSchema = z.strictObject({
  row: z.string().min(1),
  field: z.string().min(1),
  decision: z.enum(['ACCEPTED', 'NEEDS_REVIEW']),
  value: z.union([z.number().int(), z.string(), z.null()]),
  literal: z.string().nullable(),
  bestGuess: z.union([z.number().int(), z.string()]).optional(),
  reasonCodes: z.array(z.enum(REASON_CODES)),
});

export const roundDraftSchema = z.strictObject({
  draftId: z.string().regex(/^drf_[A-Za-z0-9_-]+$/),
  selectionPolicy: z.string().min(1),
  pageInstanceIds: z.array(z.string()).min(1),
  record: z.strictObject({
    schema: z.literal(ROUND_RECORD_SCHEMA),
    holes: z.array(z.strictObject({ holeNumber: z.number().int().min(1), score: z.number().int().min(1) })),
    reviewHoleNumbers: z.array(z.number().int().min(1)),
  }),
});

export const processedPageSchema = z.strictObject({
  pageInstanceId: z.string().min(1),
  status: z.enum(['PROCESSED', 'NEEDS_REVIEW', 'NORMALIZED_ONLY']),
  design: z.strictObject({ designId: z.string().min(1), panel: z.enum(['F9', 'B9']) }),
  processing: z.strictObject({
    status: z.enum(['PROCESSED', 'NEEDS_REVIEW', 'NOT_PROCESSED']),
    fields: z.array(fieldDecisionSchema),
    summary: z.strictObject({ totalCells: count, acceptedCells: count, reviewCells: count, reviewRate: z.number().min(0).max(1) }),
  }),
  warnings: z.array(z.strictObject(codeAndMessage)),
});

/** A page that was seen but not processed (pageInstanceId) or not even normalized (no id). */
export const processingIssueSchema = z.strictObject({ ...codeAndMessage, pageInstanceId: z.string().optional() });

/**
 * The version 3 body as the library builds it: everything but the request metadata
 * (`requestId`, `courseId`, `teeBox`, `identifier`). Every object is strict, so a key the
 * contract does not name (a box, a confidence, a provider) fails validation.
 */
export const processingBodyV3Schema = z.strictObject({
  schema: z.literal(PROCESSING_SCHEMA),
  status: z.enum(['COMPLETE', 'COMPLETE_WITH_REVIEW', 'PARTIAL']),
  pages: z.array(processedPageSchema),
  roundDrafts: z.array(roundDraftSchema),
  summary: z.strictObject({ discoveredPages: count, processedPages: count, normalizedOnlyPages: count, acceptedCells: count, reviewCells: count }),
  issues: z.array(processingIssueSchema),
  warnings: z.array(z.strictObject(codeAndMessage)),
});

/** The full HTTP response: the body plus the request id and the echoed metadata (null when not sent). */
export const processingResponseV3Schema = processingBodyV3Schema.extend({
  requestId: z.string().min(1),
  courseId: z.string().nullable(),
  teeBox: z.string().nullable(),
  identifier: z.string().nullable(),
});

export type ProcessingBodyV3 = z.infer<typeof processingBodyV3Schema>;
export type ProcessedPage = z.infer<typeof processedPageSchema>;
export type ProcessingIssue = z.infer<typeof processingIssueSchema>;
export type ProcessingWarning = { code: string; message: string };
