/**
 * Every problem `code` the API can answer with, joined from the one declaration of each (the
 * platform's in problem-codes.ts, each feature's in its `*-problems.ts`). `ProblemCode` is the closed
 * union of them, so `new ApiProblem('no-such-code', …)` does not compile. Problem documents, the
 * OpenAPI description and `/v1/problems/{code}` all read from here.
 */
import { ARTIFACTS_PROBLEMS } from '../../artifacts/artifacts-problems';
import { CONSOLE_PROBLEMS } from '../../console/console-problems';
import { COURSE_PROBLEMS } from '../../courses/course-problems';
import { GRAPHICS_PROBLEMS } from '../../graphics/graphics-problems';
import { MAPS_PROBLEMS } from '../../maps/maps-problems';
import { PRINTABLES_PROBLEMS } from '../../printables/printables-problems';
import { PROCESSING_PROBLEMS } from '../../scorecards/processing-problems';
import { SCORECARD_PROBLEMS, SCORECARD_TOO_LARGE } from '../../scorecards/scorecard-problems';
import { IDEMPOTENCY_PROBLEMS } from '../idempotency/idempotency-problems';
import { PLATFORM_PROBLEMS, type ProblemCodeSpec } from './problem-codes';

/** Each table of codes, by the feature that declares it (a test checks a code shared by two means the same in both). */
export const PROBLEM_TABLES = {
  platform: PLATFORM_PROBLEMS,
  idempotency: IDEMPOTENCY_PROBLEMS,
  courses: COURSE_PROBLEMS,
  graphics: GRAPHICS_PROBLEMS,
  maps: MAPS_PROBLEMS,
  printables: PRINTABLES_PROBLEMS,
  scorecards: SCORECARD_PROBLEMS,
  processing: PROCESSING_PROBLEMS,
  artifacts: ARTIFACTS_PROBLEMS,
  console: CONSOLE_PROBLEMS,
} as const;

export const PROBLEM_CODES = {
  ...PLATFORM_PROBLEMS,
  ...IDEMPOTENCY_PROBLEMS,
  ...COURSE_PROBLEMS,
  ...GRAPHICS_PROBLEMS,
  ...MAPS_PROBLEMS,
  ...PRINTABLES_PROBLEMS,
  ...SCORECARD_PROBLEMS,
  ...PROCESSING_PROBLEMS,
  ...ARTIFACTS_PROBLEMS,
  ...CONSOLE_PROBLEMS,
} satisfies Record<string, ProblemCodeSpec>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

/** For codes that arrive as data (a worker's failed job, a lib's error): is it one the API declares? */
export function isProblemCode(code: string): code is ProblemCode {
  return Object.prototype.hasOwnProperty.call(PROBLEM_CODES, code);
}

/** A code that arrives as data, if the API declares it, else the given general code of its family. */
export function declaredCode(code: string, fallback: ProblemCode): ProblemCode {
  return isProblemCode(code) ? code : fallback;
}

export function problemSpec(code: ProblemCode): ProblemCodeSpec {
  return PROBLEM_CODES[code];
}

/** Path prefixes whose oversized bodies have their own code (the scorecard routes, per the spec). */
const TOO_LARGE_BY_PATH: readonly { prefix: string; code: ProblemCode }[] = [SCORECARD_TOO_LARGE];

export function tooLargeCodeFor(path: string): ProblemCode {
  return TOO_LARGE_BY_PATH.find((entry) => path.startsWith(entry.prefix))?.code ?? 'request-too-large';
}
