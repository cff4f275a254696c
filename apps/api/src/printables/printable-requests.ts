import type { Course } from '@caddie/catalog';
import {
  compilePrintable,
  parsePrintableRequest,
  PrintableDataMissingError,
  PrintableRequestError,
  PrintableRuleViolationError,
  PrintableUnrenderableError,
  type PrintableManifest,
  type PrintableRequest,
} from '@caddie/printables';
import { ApiProblem } from '../platform/problems/api-problem';
import { declaredCode } from '../platform/problems/problem-catalog';

/** The body of compile and create: a template version and its options. */
export interface PrintableBody {
  template: string;
  options?: Record<string, unknown>;
}

/** Parses and compiles a printable request against a course, turning the lib's typed errors into problems. */
export function compileForCourse(course: Course, revision: string, body: PrintableBody): { request: PrintableRequest; manifest: PrintableManifest } {
  try {
    const request = parsePrintableRequest(body.template, body.options ?? {});
    return { request, manifest: compilePrintable(course, revision, request) };
  } catch (error) {
    throw printableProblem(error);
  }
}

/** A code the lib adds later than this registry still answers as its family's general code. */
const declared = declaredCode;

export function printableProblem(error: unknown): unknown {
  if (error instanceof PrintableRequestError) {
    return new ApiProblem(declared(error.code, error.status === 404 ? 'printable-template-not-found' : 'invalid-printable-request'), error.message, {
      errors: error.errors,
    });
  }
  if (error instanceof PrintableRuleViolationError) return new ApiProblem(error.code, error.message, { extras: { reasons: error.reasons } });
  if (error instanceof PrintableUnrenderableError) return new ApiProblem(error.code, error.message, { extras: { reasons: error.reasons } });
  if (error instanceof PrintableDataMissingError) return new ApiProblem(declared(error.code, 'printable-data-missing'), error.message);
  return error;
}
