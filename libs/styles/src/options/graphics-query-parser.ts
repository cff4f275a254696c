/** GET /courses/{courseId}/graphics/images/{subject}/{format}: path and query into the normalized request. */
import { GRAPHICS_OPTIONS, graphicsOption } from './graphics-options';
import type { GraphicsOption } from './option-declaration';
import { MAX_HOLE_NUMBER } from './graphics-vocabulary';
import { ProblemList } from './graphics-request-error';
import type { CourseStyleContext } from './course-style-context';
import { parseOptionValue } from './option-value-parser';
import { reportMalformedValues, resolveGraphicRequest, type OptionInput } from './request-resolver';
import type { NormalizedGraphicRequest, NormalizedSubject } from './normalized-graphic-request';

/** `course`, `hole-N`, `green-N`, `profile-elevation-N`; N positive, no leading zero. */
export const GRAPHICS_SUBJECT_PATTERN = '^(course|(hole|green|profile-elevation)-[1-9][0-9]*)$';
const SUBJECT_PATH = /^(hole|green|profile-elevation)-([1-9]\d*)$/;

export function parseSubjectPath(path: string): NormalizedSubject | null {
  if (path === 'course') return { type: 'course' };
  const match = SUBJECT_PATH.exec(path);
  if (!match) return null;
  const holeNumber = Number(match[2]);
  if (holeNumber > MAX_HOLE_NUMBER) return null;
  return { type: match[1] as 'hole' | 'green' | 'profile-elevation', holeNumber };
}

/** query name (or alias) -> the options it can set; `padding` serves hole and course. */
const BY_QUERY_NAME = new Map<string, GraphicsOption[]>();
for (const option of GRAPHICS_OPTIONS) {
  for (const name of [option.query, ...(option.queryAliases ?? []).map((a) => a.name)]) {
    if (name) BY_QUERY_NAME.set(name, [...(BY_QUERY_NAME.get(name) ?? []), option]);
  }
}

export function parseGraphicsQuery(
  subjectPath: string,
  format: string,
  query: Record<string, string | string[] | undefined>,
  course: CourseStyleContext,
): NormalizedGraphicRequest {
  const problems = new ProblemList();
  const subject = parseSubjectPath(subjectPath);
  if (!subject) {
    problems.add(
      'subject',
      'unsupported-subject',
      `"${subjectPath}" is not course, hole-N, green-N or profile-elevation-N (N a positive integer up to ${MAX_HOLE_NUMBER} without leading zero)`,
    );
  }

  const inputs = new Map<string, OptionInput>();
  const formatOption = graphicsOption('format');
  if (parseOptionValue(formatOption, format, 'query').ok) inputs.set('format', { raw: format, parameter: 'format' });
  else problems.add('format', 'unsupported-format', `"${format}" is not webp, png, jpeg or jpg`);

  for (const [name, rawValue] of Object.entries(query)) {
    if (rawValue === undefined) continue;
    const values = Array.isArray(rawValue) ? rawValue : [rawValue];
    if (values.length !== 1) {
      problems.add(name, 'repeated-parameter', 'give the parameter once');
      continue;
    }
    const candidates = BY_QUERY_NAME.get(name);
    if (!candidates) {
      problems.add(name, 'unknown-parameter', 'not a graphics query parameter (see GET /v1/styles)');
      continue;
    }
    const option = candidates.find((o) => subject && o.subjects.includes(subject.type)) ?? candidates[0];
    const earlier = inputs.get(option.name);
    if (earlier) {
      problems.add(name, 'conflicting-parameters', `${name} and ${earlier.parameter} set the same option`);
      continue;
    }
    inputs.set(option.name, { raw: values[0], parameter: name });
  }

  if (!subject) {
    reportMalformedValues(inputs, 'query', problems);
    problems.throwIfAny();
  }
  const request = resolveGraphicRequest({ route: 'query', subject: subject as NormalizedSubject, options: inputs }, course, problems);
  problems.throwIfAny();
  return request;
}
