import { ApiProblem } from './api-problem';
import { declaredCode, isProblemCode, PROBLEM_CODES, PROBLEM_TABLES, tooLargeCodeFor } from './problem-catalog';

describe('problem catalog', () => {
  it('types problem codes as a closed union: an undeclared code does not compile', () => {
    // `npm run typecheck` fails if this line ever compiles (the directive would be unused).
    // @ts-expect-error 'no-such-code' is not a declared ProblemCode
    const undeclared = () => new ApiProblem('no-such-code', 'never thrown');
    expect(typeof undeclared).toBe('function');
    expect(new ApiProblem('course-not-found', 'x').status).toBe(404);
  });

  it('joins every table, and a code declared by two features means the same in both', () => {
    const seen = new Map<string, { status: number; title: string; table: string }>();
    let total = 0;
    for (const [table, codes] of Object.entries(PROBLEM_TABLES)) {
      for (const [code, spec] of Object.entries(codes as Record<string, { status: number; title: string }>)) {
        total += 1;
        expect(PROBLEM_CODES).toHaveProperty([code]);
        const earlier = seen.get(code);
        if (earlier) expect({ code, status: spec.status, title: spec.title }).toEqual({ code, status: earlier.status, title: earlier.title });
        else seen.set(code, { ...spec, table });
      }
    }
    expect(Object.keys(PROBLEM_CODES)).toHaveLength(seen.size);
    expect(total).toBeGreaterThanOrEqual(seen.size);
  });

  it('tells declared codes that arrive as data from others', () => {
    expect(isProblemCode('elevation-too-coarse')).toBe(true);
    expect(isProblemCode('toString')).toBe(false);
    expect(declaredCode('made-up-by-a-lib', 'invalid-parameter')).toBe('invalid-parameter');
    expect(declaredCode('green-missing', 'invalid-parameter')).toBe('green-missing');
  });

  it('answers an oversized scorecard body with the scorecard code and any other with the general one', () => {
    expect(tooLargeCodeFor('/v1/scorecards/process')).toBe('scorecard-request-too-large');
    expect(tooLargeCodeFor('/v1/courses/x/printables')).toBe('request-too-large');
  });
});
