import type { FieldDecision } from './field-decisions';
import { cellSummary, pageStatus, processingStatus } from './processing-status';

const accepted: FieldDecision = { row: 'hole-1', field: 'score', decision: 'ACCEPTED', value: 4, literal: '4', reasonCodes: [] };
const review: FieldDecision = {
  row: 'hole-1',
  field: 'putts',
  decision: 'NEEDS_REVIEW',
  value: null,
  literal: '7',
  bestGuess: 7,
  reasonCodes: ['low-confidence'],
};

describe('statuses (spec "Scorecard statuses")', () => {
  it('names a page by what happened to its fields', () => {
    expect(pageStatus([accepted, accepted])).toBe('PROCESSED');
    expect(pageStatus([accepted, review])).toBe('NEEDS_REVIEW');
    expect(pageStatus([])).toBe('PROCESSED');
    expect(pageStatus(null)).toBe('NORMALIZED_ONLY');
  });

  it.each([
    ['every page processed, nothing to review', ['PROCESSED', 'PROCESSED'], 0, 'COMPLETE'],
    ['every page processed, one field needs review', ['PROCESSED', 'NEEDS_REVIEW'], 0, 'COMPLETE_WITH_REVIEW'],
    ['one page succeeds, another is only normalized', ['NEEDS_REVIEW', 'NORMALIZED_ONLY'], 0, 'PARTIAL'],
    ['the only page is only normalized', ['NORMALIZED_ONLY'], 0, 'PARTIAL'],
    ['a page in the photo is missing', ['PROCESSED'], 1, 'PARTIAL'],
    ['no page at all', [], 0, 'PARTIAL'],
  ] as const)('%s: %j + %i missing is %s', (_, pages, missing, expected) => {
    expect(processingStatus(pages, missing)).toBe(expected);
  });

  it('summarizes cells with a rounded review rate', () => {
    expect(cellSummary([accepted, accepted, review])).toEqual({ totalCells: 3, acceptedCells: 2, reviewCells: 1, reviewRate: 0.3333 });
    expect(cellSummary([])).toEqual({ totalCells: 0, acceptedCells: 0, reviewCells: 0, reviewRate: 0 });
  });
});
