import { isProblemCode, PROBLEM_CODES } from '../../apps/api/src/platform/problems/problem-catalog';
import '../../apps/api/src/scorecards/scorecard-problems';
import '../../apps/api/src/scorecards/processing-problems';
import '../../apps/api/src/graphics/graphics-problems';
import '../../apps/api/src/maps/maps-problems';
import '../../apps/api/src/courses/course-problems';

/** What a client saw for one request, as the chaos and launcher suites record it. */
export interface SeenAnswer {
  what: string;
  status: number;
  contentType: string;
  code?: string;
  /** a transport failure: no HTTP answer at all */
  error?: string;
}

export async function answerOf(what: string, exchange: Promise<Response>): Promise<SeenAnswer> {
  try {
    const response = await exchange;
    const contentType = response.headers.get('content-type') ?? '';
    const text = await response.text();
    let code: string | undefined;
    if (contentType.startsWith('application/problem+json')) code = (JSON.parse(text) as { code?: string }).code;
    return { what, status: response.status, contentType, code };
  } catch (error) {
    // fetch says only "fetch failed"; the cause (a reset, a closed socket, a timeout) is what tells a dropped connection from a slow one
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return { what, status: 0, contentType: '', error: `${(error as Error).message}${cause ? `: ${cause.code ?? ''} ${cause.message ?? ''}`.trimEnd() : ''}` };
  }
}

/**
 * Why an answer breaks the contract, or null when it keeps it: every error is a problem document
 * whose code is declared with that status, and the only 5xx are declared 502/503/504 problems
 * (never a 500, never a bare framework body, never a dropped connection).
 */
export function contractBreach(answer: SeenAnswer): string | null {
  if (answer.error) return `${answer.what}: no answer (${answer.error})`;
  if (answer.status < 400) return null;
  if (!answer.contentType.startsWith('application/problem+json')) return `${answer.what}: ${answer.status} is not a problem document (${answer.contentType})`;
  const declared = answer.code && isProblemCode(answer.code) ? PROBLEM_CODES[answer.code] : undefined;
  if (!declared) return `${answer.what}: ${answer.status} with undeclared code ${answer.code}`;
  if (declared.status !== answer.status) return `${answer.what}: code ${answer.code} answered ${answer.status}, declared ${declared.status}`;
  if (answer.status >= 500 && ![502, 503, 504].includes(answer.status)) return `${answer.what}: ${answer.status} ${answer.code}`;
  return null;
}
