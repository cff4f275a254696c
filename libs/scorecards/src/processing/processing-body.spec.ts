import { findCapture } from '@caddie/fiducials';
import type { FieldDecision } from './field-decisions';
import { fieldPlan } from './field-plan';
import { processingBodyV3, type PageOutcome } from './processing-body';
import { processingBodyV3Schema, processingResponseV3Schema } from './processing-schema';

/** Keys the contract forbids anywhere in the body: geometry, evidence, quality, model details, cost. */
const FORBIDDEN =
  /^(box|boxes|x1|y1|x2|y2|crop|corners|sourceCorners|quality|confidence|markerEvidence|markerIds|provider|model|modelName|cost|tokens|usage|debug|debugImage|artifacts|captureId|definitionHash|pixelsPerModule|pixelsPerMm)$/i;

function forbiddenKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => forbiddenKeys(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(FORBIDDEN.test(k) ? [`${path}.${k}`] : []), ...forbiddenKeys(v, `${path}.${k}`)]);
}

const plan = fieldPlan(findCapture('M9H1/front-nine-page')!)!;
/** What internal steps may have hung on a decision; the builder must not pass it on. */
type Internal = FieldDecision & { confidence?: number; box?: unknown; provider?: string };

function decisions(review: string[] = []): Internal[] {
  return plan.fields.map((s, i) =>
    review.includes(s.id)
      ? {
          row: s.row,
          field: s.field,
          decision: 'NEEDS_REVIEW',
          value: null,
          literal: '9',
          bestGuess: 9,
          reasonCodes: ['low-confidence'],
          confidence: 0.42,
          box: s.box,
          provider: 'local-digits',
        }
      : {
          row: s.row,
          field: s.field,
          decision: 'ACCEPTED',
          value: s.field === 'score' && s.holeNumber ? 4 : null,
          literal: s.field === 'score' && s.holeNumber ? '4' : null,
          reasonCodes: [],
          confidence: 0.99 + i * 1e-5,
          box: s.box,
        },
  );
}

const outcome = (pageInstanceId: string, fields: FieldDecision[] | null, extra: Partial<PageOutcome> = {}): PageOutcome => ({
  pageInstanceId,
  design: { designId: 'SM9H1', panel: 'F9' },
  fields,
  warnings: [{ code: 'steep-view', message: 'the phone was tilted more than about 45 degrees from the paper' }],
  ...extra,
});

describe('processingBodyV3', () => {
  it('builds a complete body with the public keys only', () => {
    const body = processingBodyV3('req-7', [outcome('page-1', decisions())]);
    expect(processingBodyV3Schema.parse(body)).toEqual(body);
    expect(forbiddenKeys(body)).toEqual([]);
    expect(body).toMatchObject({
      schema: 'caddie-scorecard-processing@3',
      status: 'COMPLETE',
      summary: { discoveredPages: 1, processedPages: 1, normalizedOnlyPages: 0, acceptedCells: 20, reviewCells: 0 },
      issues: [],
      warnings: [],
    });
    const [page] = body.pages;
    expect(page).toMatchObject({
      pageInstanceId: 'page-1',
      status: 'PROCESSED',
      design: { designId: 'SM9H1', panel: 'F9' },
      processing: { status: 'PROCESSED' },
    });
    expect(page.processing.summary).toEqual({ totalCells: 20, acceptedCells: 20, reviewCells: 0, reviewRate: 0 });
    expect(Object.keys(page.processing.fields[0])).toEqual(['row', 'field', 'decision', 'value', 'literal', 'reasonCodes']);
    expect(body.roundDrafts).toHaveLength(1);
    expect(body.roundDrafts[0].record.holes).toHaveLength(9);
  });

  it('keeps a processed page and reports the other as NORMALIZED_ONLY with an issue (PARTIAL)', () => {
    const body = processingBodyV3(
      'req-8',
      [
        outcome('page-1', decisions(['hole-2.score', 'hole-2.putts'])),
        outcome('page-2', null, {
          design: { designId: 'SM18B', panel: 'B9' },
          notProcessed: { code: 'scorecard-page-detail-too-low', message: 'move closer' },
        }),
      ],
      [{ code: 'scorecard-design-unreadable', message: 'the identity label could not be read' }],
      [{ code: 'unassigned-marker', message: 'marker 300 is not printed by any registered design' }],
    );
    expect(processingBodyV3Schema.parse(body)).toEqual(body);
    expect(forbiddenKeys(body)).toEqual([]);
    expect(body.status).toBe('PARTIAL');
    expect(body.pages.map((p) => [p.status, p.processing.status])).toEqual([
      ['NEEDS_REVIEW', 'NEEDS_REVIEW'],
      ['NORMALIZED_ONLY', 'NOT_PROCESSED'],
    ]);
    expect(body.pages[1].processing).toEqual({
      status: 'NOT_PROCESSED',
      fields: [],
      summary: { totalCells: 0, acceptedCells: 0, reviewCells: 0, reviewRate: 0 },
    });
    expect(body.issues).toEqual([
      { code: 'scorecard-page-detail-too-low', message: 'move closer', pageInstanceId: 'page-2' },
      { code: 'scorecard-design-unreadable', message: 'the identity label could not be read' },
    ]);
    expect(body.warnings).toEqual([{ code: 'unassigned-marker', message: 'marker 300 is not printed by any registered design' }]);
    expect(body.summary).toEqual({ discoveredPages: 2, processedPages: 1, normalizedOnlyPages: 1, acceptedCells: 18, reviewCells: 2 });
    expect(body.roundDrafts.map((d) => d.pageInstanceIds)).toEqual([['page-1']]);
    const reviewField = body.pages[0].processing.fields.find((f) => f.row === 'hole-2' && f.field === 'score')!;
    expect(reviewField).toEqual({
      row: 'hole-2',
      field: 'score',
      decision: 'NEEDS_REVIEW',
      value: null,
      literal: '9',
      bestGuess: 9,
      reasonCodes: ['low-confidence'],
    });
    expect(body.pages[0].processing.summary.reviewRate).toBe(0.1);
  });

  it('is COMPLETE_WITH_REVIEW when every page is processed and one field needs review', () => {
    const body = processingBodyV3('req-9', [outcome('page-1', decisions()), outcome('page-2', decisions(['totals.score']))]);
    expect(body.status).toBe('COMPLETE_WITH_REVIEW');
    expect(body.roundDrafts).toHaveLength(2);
    expect(new Set(body.roundDrafts.map((d) => d.draftId)).size).toBe(2);
  });

  it('validates the HTTP response and rejects extra or misplaced keys', () => {
    const body = processingBodyV3('req-7', [outcome('page-1', decisions())]);
    const response = { requestId: 'req-7', courseId: null, teeBox: 'white', identifier: null, ...body };
    expect(processingResponseV3Schema.safeParse(response).success).toBe(true);
    expect(processingResponseV3Schema.safeParse({ ...response, requestId: undefined }).success).toBe(false);
    const leaky = structuredClone(body) as unknown as { pages: { processing: { fields: Record<string, unknown>[] } }[] };
    leaky.pages[0].processing.fields[0].confidence = 0.99;
    expect(processingBodyV3Schema.safeParse(leaky).success).toBe(false);
    expect(forbiddenKeys(leaky)).toEqual(['.pages[0].processing.fields[0].confidence']);
    const accepted = structuredClone(body);
    accepted.pages[0].processing.fields[0].reasonCodes = ['made-up' as never];
    expect(processingBodyV3Schema.safeParse(accepted).success).toBe(false);
  });
});
