import { PrintableDataMissingError, PrintableRequestError, PrintableRuleViolationError } from '@caddie/printables';
import { ApiProblem } from '../platform/problems/api-problem';
import { parseOptionArguments } from '../cli/printables';
import { printableProblem } from './printable-requests';

describe('printable request problems', () => {
  it('answers each typed failure of the lib with its problem code and status', () => {
    const unknown = printableProblem(
      new PrintableRequestError('unknown-printable-option', 400, 'options.glitter: not taken', [
        { parameter: 'options.glitter', code: 'unknown-printable-option', detail: 'not taken' },
      ]),
    ) as ApiProblem;
    expect(unknown).toBeInstanceOf(ApiProblem);
    expect([unknown.code, unknown.status, unknown.options.errors?.[0].parameter]).toEqual(['unknown-printable-option', 400, 'options.glitter']);
    const rule = printableProblem(new PrintableRuleViolationError('Rule 4.3: page larger than 4 1/4 x 7 in', ['page 11 x 8.5 in'])) as ApiProblem;
    expect([rule.code, rule.status, rule.options.extras]).toEqual(['printable-rule-4.3-violation', 422, { reasons: ['page 11 x 8.5 in'] }]);
    expect((printableProblem(new PrintableDataMissingError('printable-greens-missing', 'no greens')) as ApiProblem).status).toBe(422);
  });

  it('keeps a code the lib adds later inside its family instead of failing with 500', () => {
    expect((printableProblem(new PrintableDataMissingError('printable-yardage-missing', 'x')) as ApiProblem).code).toBe('printable-data-missing');
    expect((printableProblem(new PrintableRequestError('printable-newfangled', 400, 'x', [])) as ApiProblem).code).toBe('invalid-printable-request');
    expect((printableProblem(new PrintableRequestError('printable-retired', 404, 'x', [])) as ApiProblem).code).toBe('printable-template-not-found');
    const other = new Error('disk full');
    expect(printableProblem(other)).toBe(other);
  });
});

describe('printables CLI options', () => {
  it('types numbers and booleans as the API body would carry them', () => {
    expect(parseOptionArguments(['dpi=150', 'cropMarks=true', 'pageSize=a6', 'note=a=b'])).toEqual({ dpi: 150, cropMarks: true, pageSize: 'a6', note: 'a=b' });
    expect(() => parseOptionArguments(['dpi'])).toThrow(/key=value/);
  });
});
