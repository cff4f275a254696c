import type { CellReading } from '@caddie/handwriting';
import { bestFieldValidReading, decideField, fieldRole, ownAcceptThreshold, parseFieldValue, posteriorAcceptThreshold } from './field-decisions';
import type { FieldSpec } from './field-plan';

const box = { x1: 0.1, y1: 0.1, x2: 0.2, y2: 0.2 };
const score: FieldSpec = { id: 'hole-3.score', row: 'hole-3', field: 'score', content: 'digits', maxDigits: 2, range: { min: 1, max: 20 }, holeNumber: 3, box };
const putts: FieldSpec = { id: 'hole-3.putts', row: 'hole-3', field: 'putts', content: 'digits', maxDigits: 1, range: { min: 0, max: 9 }, holeNumber: 3, box };
const total: FieldSpec = {
  id: 'roundSummary.totalScore',
  row: 'roundSummary',
  field: 'totalScore',
  content: 'digits',
  maxDigits: 3,
  range: { min: 1, max: 360 },
  box,
};
const date: FieldSpec = { id: 'roundDetails.date', row: 'roundDetails', field: 'date', content: 'text', box };

const digitReader = { acceptThreshold: 0.9, readsText: false };
const textReader = { acceptThreshold: 0.9, readsText: true };

function reading(literal: string | null, confidence: number, alternatives: [string, number][] = [], blank = false): CellReading {
  return { id: 'x', blank, literal, confidence, alternatives: alternatives.map(([l, c]) => ({ literal: l, confidence: c })) };
}

describe('parseFieldValue', () => {
  it.each([
    [score, '4', { valid: true, value: 4 }],
    [score, ' 12 ', { valid: true, value: 12 }],
    [score, '20', { valid: true, value: 20 }],
    [score, '21', { valid: false, reason: 'out-of-range' }],
    [score, '0', { valid: false, reason: 'out-of-range' }],
    [score, '04', { valid: false, reason: 'out-of-range' }],
    [score, '123', { valid: false, reason: 'out-of-range' }],
    [score, '4a', { valid: false, reason: 'unreadable' }],
    [score, '-4', { valid: false, reason: 'unreadable' }],
    [score, '', { valid: false, reason: 'unreadable' }],
    [putts, '0', { valid: true, value: 0 }],
    [putts, '10', { valid: false, reason: 'out-of-range' }],
    [total, '104', { valid: true, value: 104 }],
    [date, ' 12/05 ', { valid: true, value: '12/05' }],
    [date, '   ', { valid: false, reason: 'unreadable' }],
    [date, 'x'.repeat(201), { valid: false, reason: 'out-of-range' }],
  ] as const)('%#: %j reads %j', (spec, literal, expected) => {
    expect(parseFieldValue(spec as FieldSpec, literal)).toEqual(expected);
  });
});

describe('decideField', () => {
  it('accepts a field-valid reading at or above the threshold, and nothing below it', () => {
    expect(decideField(score, reading('5', 0.9), digitReader)).toEqual({
      row: 'hole-3',
      field: 'score',
      decision: 'ACCEPTED',
      value: 5,
      literal: '5',
      reasonCodes: [],
    });
    expect(decideField(score, reading('12', 0.99), digitReader)).toMatchObject({ decision: 'ACCEPTED', value: 12, literal: '12' });
    expect(decideField(score, reading('5', 0.8999), digitReader)).toEqual({
      row: 'hole-3',
      field: 'score',
      decision: 'NEEDS_REVIEW',
      value: null,
      literal: '5',
      bestGuess: 5,
      reasonCodes: ['low-confidence'],
    });
  });

  it('accepts a confident blank as null and sends an uncertain blank to review, with the best valid number the reader saw as its guess', () => {
    expect(decideField(score, reading(null, 0.97, [], true), digitReader)).toEqual({
      row: 'hole-3',
      field: 'score',
      decision: 'ACCEPTED',
      value: null,
      literal: null,
      reasonCodes: [],
    });
    const uncertain = decideField(score, reading(null, 0.6, [], true), digitReader);
    expect(uncertain).toEqual({ row: 'hole-3', field: 'score', decision: 'NEEDS_REVIEW', value: null, literal: null, reasonCodes: ['uncertain-blank'] });
    // Light strokes read as 4 (and, less likely, as 46, which a hole's score cannot hold).
    const light = decideField(
      score,
      reading(
        null,
        0,
        [
          ['46', 0.5],
          ['4', 0.3],
        ],
        true,
      ),
      digitReader,
    );
    expect(light).toEqual({
      row: 'hole-3',
      field: 'score',
      decision: 'NEEDS_REVIEW',
      value: null,
      literal: null,
      bestGuess: 4,
      reasonCodes: ['uncertain-blank'],
    });
  });

  it('never accepts an out-of-range reading, however confident, and guesses the best valid alternative', () => {
    const d = decideField(putts, reading('7', 0.99), digitReader);
    expect(d.decision).toBe('ACCEPTED');
    const wide = decideField(
      putts,
      reading('12', 0.99, [
        ['1', 0.005],
        ['2', 0.004],
      ]),
      digitReader,
    );
    expect(wide).toEqual({ row: 'hole-3', field: 'putts', decision: 'NEEDS_REVIEW', value: null, literal: '12', bestGuess: 1, reasonCodes: ['out-of-range'] });
    // Alternatives are ranked by confidence, whatever order they come in; invalid ones are passed over.
    const ranked = decideField(
      score,
      reading('31', 0.95, [
        ['2', 0.01],
        ['41', 0.03],
        ['7', 0.02],
      ]),
      digitReader,
    );
    expect(ranked).toMatchObject({ decision: 'NEEDS_REVIEW', value: null, bestGuess: 7, reasonCodes: ['out-of-range'] });
    // A blank alternative ranked above every valid one leaves no guess.
    expect(
      decideField(
        score,
        reading('31', 0.95, [
          ['', 0.03],
          ['7', 0.02],
        ]),
        digitReader,
      ),
    ).not.toHaveProperty('bestGuess');
    expect(decideField(score, reading('31', 0.95, [['45', 0.03]]), digitReader)).not.toHaveProperty('bestGuess');
  });

  it('sends ink without a reading to review as unreadable, guessing from the alternatives', () => {
    expect(decideField(score, reading(null, 0.99), digitReader)).toEqual({
      row: 'hole-3',
      field: 'score',
      decision: 'NEEDS_REVIEW',
      value: null,
      literal: null,
      reasonCodes: ['unreadable'],
    });
    expect(decideField(score, reading(null, 0.4, [['8', 0.3]]), digitReader)).toMatchObject({
      decision: 'NEEDS_REVIEW',
      bestGuess: 8,
      reasonCodes: ['unreadable'],
    });
    expect(decideField(score, reading('4?', 0.99, [['4', 0.5]]), digitReader)).toMatchObject({
      decision: 'NEEDS_REVIEW',
      literal: '4?',
      bestGuess: 4,
      reasonCodes: ['unreadable'],
    });
  });

  it('holds text it cannot transcribe for review, and accepts a confident empty text field', () => {
    expect(decideField(date, reading('1205', 0.99), digitReader)).toEqual({
      row: 'roundDetails',
      field: 'date',
      decision: 'NEEDS_REVIEW',
      value: null,
      literal: null,
      reasonCodes: ['text-not-transcribed'],
    });
    expect(decideField(date, reading(null, 0.99, [], true), digitReader)).toMatchObject({ decision: 'ACCEPTED', value: null });
    expect(decideField(date, reading(null, 0.5, [], true), digitReader)).toMatchObject({ decision: 'NEEDS_REVIEW', reasonCodes: ['uncertain-blank'] });
  });

  it('accepts text from a reader that transcribes it', () => {
    expect(decideField(date, reading('12 May', 0.95), textReader)).toMatchObject({ decision: 'ACCEPTED', value: '12 May', literal: '12 May' });
    expect(decideField(date, reading('12 May', 0.5), textReader)).toMatchObject({
      decision: 'NEEDS_REVIEW',
      value: null,
      bestGuess: '12 May',
      reasonCodes: ['low-confidence'],
    });
  });
});

describe('thresholds per field role', () => {
  const totalsScore: FieldSpec = { id: 'totals.score', row: 'totals', field: 'score', content: 'digits', maxDigits: 3, range: { min: 1, max: 180 }, box };
  const penalty: FieldSpec = {
    id: 'penalty.penaltyStrokes',
    row: 'penalty',
    field: 'penaltyStrokes',
    content: 'digits',
    maxDigits: 2,
    range: { min: 0, max: 99 },
    box,
  };
  const perRole = { acceptThreshold: 0.97, roleThresholds: { entry: { number: 0.95, blank: 0.6 }, sum: { number: 0.998, blank: 0.99 } }, readsText: false };
  const sumNever = { acceptThreshold: 0.97, roleThresholds: { entry: { number: 0.95, blank: 0.6 }, sum: { number: null, blank: 0.6 } }, readsText: false };

  it('gives hole entries and the penalty strokes the entry role, totals and the round summary the sum role', () => {
    expect([score, putts, penalty, totalsScore, total].map((s) => fieldRole(s.row))).toEqual(['entry', 'entry', 'entry', 'sum', 'sum']);
  });

  it("accepts a field's own reading at its role's threshold, not the all-field one", () => {
    expect(decideField(score, reading('5', 0.96), perRole)).toMatchObject({ decision: 'ACCEPTED', value: 5 });
    expect(decideField(penalty, reading('2', 0.96), perRole)).toMatchObject({ decision: 'ACCEPTED', value: 2 });
    expect(decideField(score, reading('5', 0.949), perRole)).toMatchObject({ decision: 'NEEDS_REVIEW', reasonCodes: ['low-confidence'] });
    expect(decideField(totalsScore, reading('84', 0.99), perRole)).toMatchObject({ decision: 'NEEDS_REVIEW', bestGuess: 84, reasonCodes: ['low-confidence'] });
    expect(decideField(totalsScore, reading('84', 0.999), perRole)).toMatchObject({ decision: 'ACCEPTED', value: 84 });
    // Blank readings are held to the role's threshold for blanks.
    expect(decideField(score, reading(null, 0.7, [], true), perRole)).toMatchObject({ decision: 'ACCEPTED', value: null });
    expect(decideField(score, reading(null, 0.59, [], true), perRole)).toMatchObject({ decision: 'NEEDS_REVIEW', reasonCodes: ['uncertain-blank'] });
    expect(decideField(totalsScore, reading(null, 0.99, [], true), perRole)).toMatchObject({ decision: 'ACCEPTED', value: null });
    expect(decideField(totalsScore, reading(null, 0.98, [], true), perRole)).toMatchObject({ decision: 'NEEDS_REVIEW', reasonCodes: ['uncertain-blank'] });
  });

  it('never accepts the own reading of a role that no threshold certifies, and keeps the all-field threshold for text', () => {
    expect(ownAcceptThreshold(sumNever, totalsScore, false)).toBe(Number.POSITIVE_INFINITY);
    expect(decideField(totalsScore, reading('84', 1), sumNever)).toMatchObject({ decision: 'NEEDS_REVIEW', reasonCodes: ['low-confidence'] });
    expect(decideField(totalsScore, reading(null, 0.7, [], true), sumNever)).toMatchObject({ decision: 'ACCEPTED', value: null });
    expect(ownAcceptThreshold(perRole, date, true)).toBe(0.97);
    expect(decideField(date, reading(null, 0.96, [], true), perRole)).toMatchObject({ decision: 'NEEDS_REVIEW', reasonCodes: ['uncertain-blank'] });
    // A reader calibrated for every field alike uses its one threshold everywhere.
    expect(ownAcceptThreshold(digitReader, totalsScore, false)).toBe(0.9);
    expect(ownAcceptThreshold({ acceptThreshold: 0.9, roleThresholds: { sum: { number: 0.99, blank: 0.99 } }, readsText: false }, score, true)).toBe(0.9);
  });

  it("decides the card's arithmetic at the lower of the role's and the all-field threshold", () => {
    expect(posteriorAcceptThreshold(perRole, 'hole-3')).toBe(0.95);
    expect(posteriorAcceptThreshold(perRole, 'totals')).toBe(0.97);
    expect(posteriorAcceptThreshold(sumNever, 'roundSummary')).toBe(0.97);
    expect(posteriorAcceptThreshold(digitReader, 'totals')).toBe(0.9);
  });
});

describe('bestFieldValidReading', () => {
  it('prefers the top reading, then the alternatives best first', () => {
    expect(bestFieldValidReading(score, reading('6', 0.5, [['8', 0.4]]))).toBe(6);
    expect(
      bestFieldValidReading(
        score,
        reading('66', 0.5, [
          ['8', 0.1],
          ['6', 0.3],
        ]),
      ),
    ).toBe(6);
    expect(bestFieldValidReading(score, reading(null, 0.5, [], true))).toBeUndefined();
  });
});
