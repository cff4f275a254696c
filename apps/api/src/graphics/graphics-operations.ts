import { z } from 'zod';
import { renderingAnswerSchema } from './graphics-responses.schema';

/** What the graphics routes (controller and direct routes) declare alike. */
export const GRAPHIC_PROBLEMS = [
  'course-not-found',
  'invalid-course-id',
  'unknown-parameter',
  'repeated-parameter',
  'missing-parameter',
  'parameter-not-applicable',
  'incompatible-style-option',
  'conflicting-parameters',
  'unsupported-value',
  'unsupported-subject',
  'unsupported-format',
  'graphic-too-large',
  'padding-too-large',
  'render-failed',
  'render-unavailable',
  'server-busy',
  'hole-not-found',
  'hole-geometry-missing',
  'green-missing',
  'elevation-missing',
  'elevation-too-coarse',
  'course-geometry-missing',
  'region-point-unresolved',
  'green-elevation-missing',
  'region-points-coincide',
  'region-point-too-far',
];
export const GRAPHIC_ACCESS = {
  access: 'key' as const,
  scope: 'course-graphics:read' as const,
  browserScope: 'course-graphics:browser' as const,
  service: 'course-graphics' as const,
  tags: ['Graphics'],
};
export const IMAGE_TYPES = ['image/webp', 'image/png', 'image/jpeg'];
export const courseIdParam = z.string().max(200).describe('Course layout id (GET /v1/courses/bulk-ids lists them).');
export const stillRendering = {
  description: 'Still rendering past the wait deadline; fetch Location later',
  schema: renderingAnswerSchema,
  headers: { 'Retry-After': 'seconds', Location: 'render image URL' },
};
