/**
 * `regionComposition` of the POST-only `hole-region` subject: two framing points, each either
 * a coordinate or a point measured along the hole (spec "Graphics: structured request").
 */
import { z } from 'zod';
import type { ProblemList } from './graphics-request-error';

export const REGION_POINT_NAMES = ['pointA', 'pointB'] as const;
export type RegionPointName = (typeof REGION_POINT_NAMES)[number];
export const REGION_MEASUREMENTS = ['radial-centerline', 'reference-ray'] as const;
/** Our name for the spec's "selected tee or green centre" a measured point starts from. */
export const REGION_REFERENCES = ['tee', 'green'] as const;
export const REGION_OFFSET_YARDS = { min: -1000, max: 1000 } as const;

const coordinatesPoint = z.strictObject({
  source: z.literal('coordinates'),
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
});

const measurementPoint = z.strictObject({
  source: z.literal('measurement').default('measurement'),
  measurement: z.enum(REGION_MEASUREMENTS).default('radial-centerline'),
  reference: z.enum(REGION_REFERENCES).default('tee'),
  offsetYards: z.number().min(REGION_OFFSET_YARDS.min).max(REGION_OFFSET_YARDS.max),
  toward: z.enum(REGION_POINT_NAMES).optional(),
});

export type RegionPoint = z.output<typeof coordinatesPoint> | z.output<typeof measurementPoint>;
export interface RegionComposition {
  pointA: RegionPoint;
  pointB: RegionPoint;
}

/** JSON Schema (2020-12) of `regionComposition`, generated from the same zod schemas. */
export function regionCompositionJsonSchema(): Record<string, unknown> {
  const point = {
    oneOf: [z.toJSONSchema(coordinatesPoint, { io: 'input' }), z.toJSONSchema(measurementPoint, { io: 'input' })].map((s) => {
      const { $schema: _ignored, ...rest } = s as Record<string, unknown>;
      return rest;
    }),
  };
  return {
    type: 'object',
    description:
      'Two framing points; radial-centerline offsets are absolute radii from the reference, reference-ray offsets are signed along the ray toward the other point; at most one point may use reference-ray.',
    properties: { pointA: point, pointB: point },
    required: ['pointA', 'pointB'],
    additionalProperties: false,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function zodProblems(error: z.ZodError, parameter: string, problems: ProblemList): void {
  for (const issue of error.issues) {
    const at = [parameter, ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) problems.add(`${at}.${key}`, 'unknown-parameter', 'not a field of a region point');
    } else {
      problems.add(
        at,
        issue.path.length === 0 || issue.code !== 'invalid_type' || issue.input !== undefined ? 'invalid-parameter' : 'missing-parameter',
        issue.message,
      );
    }
  }
}

export function parseRegionComposition(raw: unknown, parameter: string, problems: ProblemList): RegionComposition | null {
  if (raw === undefined) {
    problems.add(parameter, 'missing-parameter', 'hole-region needs regionComposition with pointA and pointB');
    return null;
  }
  if (!isObject(raw)) {
    problems.add(parameter, 'invalid-parameter', 'expected an object with pointA and pointB');
    return null;
  }
  for (const key of Object.keys(raw)) {
    if (!(REGION_POINT_NAMES as readonly string[]).includes(key))
      problems.add(`${parameter}.${key}`, 'unknown-parameter', 'regionComposition has pointA and pointB');
  }
  const points: Partial<Record<RegionPointName, RegionPoint>> = {};
  for (const name of REGION_POINT_NAMES) {
    const at = `${parameter}.${name}`;
    const value = raw[name];
    if (!isObject(value)) {
      problems.add(at, value === undefined ? 'missing-parameter' : 'invalid-parameter', 'expected a framing point object');
      continue;
    }
    const schema = value.source === 'coordinates' ? coordinatesPoint : measurementPoint;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      zodProblems(parsed.error, at, problems);
      continue;
    }
    const point = parsed.data;
    if (point.source === 'measurement') {
      const other = name === 'pointA' ? 'pointB' : 'pointA';
      if (point.measurement === 'radial-centerline') {
        if (point.offsetYards < 0) problems.add(`${at}.offsetYards`, 'invalid-parameter', 'a radial-centerline offset is an absolute radius (>= 0)');
        if (point.toward !== undefined) problems.add(`${at}.toward`, 'invalid-parameter', 'toward applies only to reference-ray points');
      } else if (point.toward !== other) {
        problems.add(
          `${at}.toward`,
          point.toward === undefined ? 'missing-parameter' : 'invalid-parameter',
          `a reference-ray point must name the other point (${other})`,
        );
      }
    }
    points[name] = point;
  }
  const { pointA, pointB } = points;
  if (!pointA || !pointB) return null;
  const rays = [pointA, pointB].filter((p) => p.source === 'measurement' && p.measurement === 'reference-ray');
  if (rays.length === 2) {
    problems.add(parameter, 'conflicting-parameters', 'pointA and pointB may not both use reference-ray');
    return null;
  }
  return { pointA, pointB };
}
