import type { FieldDecision } from './field-decisions';
import { draftId, roundDraft } from './round-drafts';

const field = (row: string, name: string, rest: Partial<FieldDecision>): FieldDecision => ({
  row,
  field: name,
  decision: 'ACCEPTED',
  value: null,
  literal: null,
  reasonCodes: [],
  ...rest,
});

describe('roundDraft', () => {
  it('takes accepted scores, then review guesses, and omits holes with neither', () => {
    const fields = [
      field('hole-10', 'score', { value: 4, literal: '4' }),
      field('hole-10', 'putts', { value: 2, literal: '2' }),
      field('hole-11', 'score', { decision: 'NEEDS_REVIEW', literal: '12', bestGuess: 12, reasonCodes: ['low-confidence'] }),
      field('hole-12', 'score', { decision: 'NEEDS_REVIEW', reasonCodes: ['unreadable'] }),
      field('hole-13', 'score', {}), // a confident blank
      field('totals', 'score', { value: 16, literal: '16' }),
      field('roundSummary', 'totalScore', { value: 90, literal: '90' }),
    ];
    const draft = roundDraft('req-1', 'page-2', fields);
    expect(draft).toEqual({
      draftId: draftId('req-1', 'page-2'),
      selectionPolicy: 'accepted-values-then-best-guess@1',
      pageInstanceIds: ['page-2'],
      record: {
        schema: 'caddie-scorecard-round-record@1',
        holes: [
          { holeNumber: 10, score: 4 },
          { holeNumber: 11, score: 12 },
        ],
        reviewHoleNumbers: [11, 12],
      },
    });
  });

  it('derives a stable id from the request and the page', () => {
    expect(draftId('req-1', 'page-1')).toMatch(/^drf_[A-Za-z0-9_-]{22}$/);
    expect(draftId('req-1', 'page-1')).toBe(draftId('req-1', 'page-1'));
    expect(draftId('req-1', 'page-2')).not.toBe(draftId('req-1', 'page-1'));
    expect(draftId('req-2', 'page-1')).not.toBe(draftId('req-1', 'page-1'));
  });
});
