/** POST /courses/{courseId}/graphics/images: the structured body into the normalized request. */
import { GRAPHICS_OPTIONS } from './graphics-options';
import { GRAPHIC_SUBJECTS, MAX_HOLE_NUMBER, type GraphicSubjectType } from './graphics-vocabulary';
import { ProblemList } from './graphics-request-error';
import type { CourseStyleContext } from './course-style-context';
import { reportMalformedValues, resolveGraphicRequest, type OptionInput } from './request-resolver';
import { parseRegionComposition, type RegionComposition } from './region-composition';
import type { NormalizedGraphicRequest, NormalizedSubject } from './normalized-graphic-request';

export const BODY_SECTIONS = ['output', 'style', 'composition', 'greenComposition', 'courseComposition', 'greenData'] as const;
/** `style` admits additional properties (spec); every other object is closed. */
const OPEN_OBJECTS = new Set(['style']);

/** body path (or alias path) -> option name */
const BY_BODY_PATH = new Map<string, string>();
/** paths of objects that hold options, e.g. style.context, composition.flagTarget */
const CONTAINERS = new Set<string>();
for (const option of GRAPHICS_OPTIONS) {
  for (const path of [option.body, ...(option.bodyAliases ?? []).map((a) => a.name)]) {
    if (!path) continue;
    BY_BODY_PATH.set(path, option.name);
    const keys = path.split('.');
    for (let i = 1; i < keys.length; i++) CONTAINERS.add(keys.slice(0, i).join('.'));
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function walkSection(node: Record<string, unknown>, path: string, inputs: Map<string, OptionInput>, problems: ProblemList): void {
  for (const [key, value] of Object.entries(node)) {
    const at = `${path}.${key}`;
    const optionName = BY_BODY_PATH.get(at);
    // style.context is both an option (the string 'none') and a container (the layer object).
    if (CONTAINERS.has(at) && (isObject(value) || !optionName)) {
      if (isObject(value)) walkSection(value, at, inputs, problems);
      else problems.add(at, 'invalid-parameter', 'expected an object');
      continue;
    }
    if (optionName) {
      const earlier = inputs.get(optionName);
      if (earlier) problems.add(at, 'conflicting-parameters', `${at} and ${earlier.parameter} set the same option`);
      else inputs.set(optionName, { raw: value, parameter: at });
      continue;
    }
    if (!OPEN_OBJECTS.has(path)) problems.add(at, 'unknown-parameter', `not a field of ${path}`);
  }
}

function parseSubject(raw: unknown, problems: ProblemList): NormalizedSubject | null {
  if (raw === undefined) return { type: 'hole', holeNumber: 1 };
  if (!isObject(raw)) {
    problems.add('subject', 'invalid-parameter', 'expected an object with type');
    return null;
  }
  const type = raw.type ?? 'hole';
  if (typeof type !== 'string' || !(GRAPHIC_SUBJECTS as readonly string[]).includes(type)) {
    problems.add('subject.type', 'unsupported-subject', `expected one of ${GRAPHIC_SUBJECTS.join(', ')}`);
    return null;
  }
  for (const key of Object.keys(raw)) {
    if (key !== 'type' && key !== 'holeNumber') problems.add(`subject.${key}`, 'unknown-parameter', 'subject has type and holeNumber');
  }
  const subjectType = type as GraphicSubjectType;
  if (subjectType === 'course') {
    if (raw.holeNumber !== undefined) problems.add('subject.holeNumber', 'parameter-not-applicable', 'a course subject has no hole number');
    return { type: 'course' };
  }
  const holeNumber = raw.holeNumber;
  if (holeNumber === undefined) {
    if (subjectType === 'green') {
      problems.add('subject.holeNumber', 'missing-parameter', 'a green subject needs holeNumber');
      return null;
    }
    return { type: subjectType, holeNumber: 1 };
  }
  if (typeof holeNumber !== 'number' || !Number.isInteger(holeNumber) || holeNumber < 1 || holeNumber > MAX_HOLE_NUMBER) {
    problems.add('subject.holeNumber', 'invalid-parameter', `expected an integer 1..${MAX_HOLE_NUMBER}`);
    return null;
  }
  return { type: subjectType, holeNumber };
}

export function parseGraphicsBody(body: unknown, course: CourseStyleContext): NormalizedGraphicRequest {
  const problems = new ProblemList();
  const root = body ?? {};
  if (!isObject(root)) {
    problems.add('(body)', 'invalid-parameter', 'expected a JSON object');
    problems.throwIfAny();
  }
  const object = root as Record<string, unknown>;
  const subject = parseSubject(object.subject, problems);

  const inputs = new Map<string, OptionInput>();
  for (const [key, value] of Object.entries(object)) {
    if (key === 'subject' || key === 'regionComposition') continue;
    if (!(BODY_SECTIONS as readonly string[]).includes(key)) {
      const detail = key === 'courseId' ? 'the course id belongs in the path, never in the body' : 'not a field of the graphics request';
      problems.add(key, 'unknown-parameter', detail);
    } else if (!isObject(value)) {
      problems.add(key, 'invalid-parameter', 'expected an object');
    } else {
      walkSection(value, key, inputs, problems);
    }
  }

  let region: RegionComposition | undefined;
  if (subject?.type === 'hole-region') {
    region = parseRegionComposition(object.regionComposition, 'regionComposition', problems) ?? undefined;
  } else if (object.regionComposition !== undefined && subject) {
    problems.add('regionComposition', 'parameter-not-applicable', `applies to hole-region, not ${subject.type}`);
  }

  if (!subject) {
    reportMalformedValues(inputs, 'body', problems);
    problems.throwIfAny();
  }
  const request = resolveGraphicRequest({ route: 'body', subject: subject as NormalizedSubject, options: inputs, regionComposition: region }, course, problems);
  problems.throwIfAny();
  return request;
}
