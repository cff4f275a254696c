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

export function problemDocument(problem: ApiProblem, context: { baseUrl: string; instance: string; requestId: string }): ProblemDocument {
  const spec = PROBLEM_CODES[problem.code];
  return {
    type: `${context.baseUrl}/v1/problems/${problem.code}`,
    title: spec.title,
    status: problem.status,
    code: problem.code,
    detail: problem.detail,
    instance: context.instance,
    requestId: context.requestId,
    ...(problem.options.errors?.length ? { errors: problem.options.errors } : {}),
    ...(problem.options.extras ?? {}),
  };
}
