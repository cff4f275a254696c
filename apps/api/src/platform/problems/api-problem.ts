import { PROBLEM_CODES, type ProblemCode } from './problem-catalog';

export interface ParameterError {
  parameter: string;
  code: string;
  detail: string;
}

/** An error that becomes an RFC 9457 problem document; its status comes from the code registry. */
export class ApiProblem extends Error {
  readonly status: number;

  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly options: {
      errors?: ParameterError[];
      headers?: Record<string, string>;
      extras?: Record<string, unknown>;
      /** answer without CORS headers, so a browser page cannot read it (a private key used from a browser) */
      withholdCors?: boolean;
    } = {},
  ) {
    super(detail);
    this.status = PROBLEM_CODES[code].status;
    this.name = 'ApiProblem';
  }
}

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  instance: string;
  requestId: string;
  errors?: ParameterError[];
  [extra: string]: unknown;
}

/**
 * Problem documents quote client input (a bad value, an unknown key) and must stay small
 * whatever was sent (issue 57: a 4 MB option value came back twice in an 8 MB problem). The
 * bounds apply here, where every problem document is made, so no call site has to remember.
 */
export const PROBLEM_TEXT_CHARS = 1_000;
export const PROBLEM_PARAMETER_CHARS = 200;
export const PROBLEM_ERRORS_LISTED = 20;
/** extras are ours (reasons, scopes, revisions) but may carry input too: bounded the same way */
const EXTRAS_DEPTH = 4;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

function boundedExtra(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return clip(value, PROBLEM_TEXT_CHARS);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= EXTRAS_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, PROBLEM_ERRORS_LISTED).map((item) => boundedExtra(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, PROBLEM_ERRORS_LISTED)
      .map(([key, item]) => [clip(key, PROBLEM_PARAMETER_CHARS), boundedExtra(item, depth + 1)]),
  );
}

export function problemDocument(problem: ApiProblem, context: { baseUrl: string; instance: string; requestId: string }): ProblemDocument {
  const spec = PROBLEM_CODES[problem.code];
  const errors = problem.options.errors?.slice(0, PROBLEM_ERRORS_LISTED).map((e) => ({
    parameter: clip(e.parameter, PROBLEM_PARAMETER_CHARS),
    code: e.code,
    detail: clip(e.detail, PROBLEM_TEXT_CHARS),
  }));
  return {
    type: `${context.baseUrl}/v1/problems/${problem.code}`,
    title: spec.title,
    status: problem.status,
    code: problem.code,
    detail: clip(problem.detail, PROBLEM_TEXT_CHARS),
    instance: clip(context.instance, PROBLEM_PARAMETER_CHARS * 5),
    requestId: context.requestId,
    ...(errors?.length ? { errors } : {}),
    ...(problem.options.extras ? (boundedExtra(problem.options.extras, 0) as Record<string, unknown>) : {}),
  };
}
