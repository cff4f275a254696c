/** Response schemas of the graphics routes, written from the spec's GraphicRenderDescriptor and our overlay answer. */
import { z } from 'zod';
import { GRAPHIC_DIMENSION_RANGE, GRAPHIC_STYLES, GRAPHIC_SUBJECTS, IMAGE_FORMATS, NORMALIZED_REQUEST_SCHEMA, OUTPUT_DPI, OVERLAY_TYPES } from '@caddie/styles';
import { freeFormJson } from '../platform/openapi/free-form-json';

const sha256 = z.string().regex(/^sha256:[0-9a-f]{64}$/);
const renderId = z.string().regex(/^rnd_[A-Za-z0-9_-]+$/);
const contentType = z.enum(['image/webp', 'image/png', 'image/jpeg']);
const dimension = z.number().int().min(GRAPHIC_DIMENSION_RANGE.min).max(GRAPHIC_DIMENSION_RANGE.max);
const cacheState = z.enum(['HIT', 'MISS', 'COALESCED', 'RENDERING', 'FAILED']);

/** The normalized request: the POST body layout with every default filled (schema caddie-graphic-request@1). */
const normalizedRequestSchema = z
  .looseObject({
    schema: z.literal(NORMALIZED_REQUEST_SCHEMA),
    subject: z.strictObject({ type: z.enum(GRAPHIC_SUBJECTS), holeNumber: z.number().int().min(1).optional() }),
    output: z.strictObject({
      format: z.enum(IMAGE_FORMATS),
      width: dimension,
      height: dimension,
      quality: z.number().int().min(40).max(95).optional(),
      dpi: z.number().int().min(OUTPUT_DPI.min).max(OUTPUT_DPI.max),
    }),
    style: z.record(z.string(), freeFormJson('A style option at its POST body name, default filled (see GET /v1/styles).')),
  })
  .catchall(freeFormJson('A composition or green-data section at its POST body name, defaults filled.'))
  .describe(
    'The normalized request (free-form in the spec): aliases resolved, auto values decided, options that do not apply left out. Its canonical JSON is part of the artifact key.',
  );

export const graphicRenderDescriptorSchema = z.strictObject({
  request: normalizedRequestSchema,
  artifact: z.strictObject({
    imageUrl: z.url(),
    contentType,
    width: z.number().int().min(320),
    height: z.number().int().min(320),
    cacheState,
    delivery: z
      .enum(['api', 'signed-cdn'])
      .describe('signed-cdn: a short-lived signed URL of the stored artifact; api: the authenticated API URL (pending or local artifacts)'),
    artifactKey: sha256,
    sha256: sha256.optional().describe('digest of the image bytes, once rendered'),
    deliveryExpiresAt: z.iso.datetime().optional(),
  }),
  render: z.strictObject({
    id: renderId,
    receipt: z.string().describe('short-lived signed capability bound to the credential and the normalized request'),
    expiresAt: z.iso.datetime(),
    overlaysUrl: z.url(),
    allowedOverlays: z.array(z.enum(OVERLAY_TYPES)).describe('elevation-profile receipts authorize none'),
  }),
  service: z.literal('course-graphics'),
  renderer: z.string().describe('renderer version, part of the artifact key'),
});

export const renderingAnswerSchema = z.strictObject({
  status: z.literal('RENDERING'),
  renderId,
  imageUrl: z.url().describe('where the image will be; Location carries the same path'),
});

const pixel = z.tuple([z.number(), z.number()]).describe('[x, y] in output pixels, origin top-left, y down');
const stroke = z.strictObject({
  color: z.string(),
  widthPixels: z.number(),
  opacity: z.number().min(0).max(1),
  dash: z.array(z.number()).describe('canvas/SVG dash array in pixels; empty for solid'),
  lineCap: z.enum(['butt', 'round']),
});
const fill = z.strictObject({ color: z.string(), opacity: z.number().min(0).max(1) });

/** Display instructions, mirroring libs/renderer OverlayInstruction. */
export const overlayInstructionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('polyline'), points: z.array(pixel), closed: z.boolean(), stroke, fill: fill.optional() }),
  z.strictObject({
    kind: z.literal('line'),
    from: pixel,
    to: pixel,
    stroke,
    endCaps: z.strictObject({ shape: z.enum(['dot', 'point']), sizePixels: z.number(), color: z.string() }).optional(),
  }),
  z.strictObject({ kind: z.literal('circle'), center: pixel, radiusPixels: z.number(), stroke: stroke.optional(), fill: fill.optional() }),
  z.strictObject({
    kind: z.literal('marker'),
    at: pixel,
    shape: z.enum(['circle', 'square', 'flag']),
    sizePixels: z.number(),
    fill,
    stroke: stroke.optional(),
  }),
  z.strictObject({
    kind: z.literal('label'),
    at: pixel,
    text: z.string(),
    sizePixels: z.number(),
    color: z.string(),
    align: z.enum(['left', 'center', 'right']),
    baseline: z.enum(['top', 'middle', 'bottom']),
    background: fill.optional(),
    padding: z.strictObject({ x: z.number(), y: z.number() }).optional(),
  }),
  z.strictObject({
    kind: z.literal('arrow'),
    tail: pixel,
    tip: pixel,
    shaftWidthPixels: z.number(),
    headLengthPixels: z.number(),
    headWidthPixels: z.number(),
    fill,
  }),
  z.strictObject({
    kind: z.literal('raster'),
    box: z.strictObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
    contentType: z.literal('image/png'),
    dataBase64: z.string().describe('PNG covering box exactly, alpha final; draw unscaled'),
  }),
]);

export const overlayAnswerSchema = z.strictObject({
  renderId,
  artifact: z.strictObject({ width: z.number().int(), height: z.number().int(), format: z.enum(IMAGE_FORMATS) }),
  preset: z.strictObject({
    subject: z.strictObject({ type: z.enum(GRAPHIC_SUBJECTS), holeNumber: z.number().int().min(1).optional() }),
    graphicStyle: z.enum(GRAPHIC_STYLES),
  }),
  overlays: z.array(
    z.strictObject({
      id: z.string(),
      type: z.enum(OVERLAY_TYPES),
      presentation: z.record(z.string(), freeFormJson('A setting the component was drawn with: its fields with defaults filled, plus derived values.')),
      instructions: z.array(overlayInstructionSchema),
    }),
  ),
});

const size = z.strictObject({ width: dimension, height: dimension });

/** GET /courses/{courseId}/graphics: the subjects this course offers. */
export const graphicSubjectsSchema = z.strictObject({
  courseId: z.string(),
  revision: sha256,
  formats: z.array(z.enum(['webp', 'png', 'jpeg', 'jpg'])).describe('accepted in the last path segment of the image route; webp is the default'),
  styles: z.array(z.enum(GRAPHIC_STYLES)),
  dpi: z.strictObject({ default: z.number().int(), minimum: z.number().int(), maximum: z.number().int() }),
  optionsBySubjectType: z
    .record(z.enum(GRAPHIC_SUBJECTS), z.array(z.string()))
    .describe('query parameter names that apply to each subject type, from the graphics option table (GET /v1/styles describes each)'),
  subjects: z.array(
    z.strictObject({
      subject: z.string().describe('the {subject} path segment'),
      type: z.enum(GRAPHIC_SUBJECTS),
      holeNumber: z.number().int().min(1).optional(),
      imageUrl: z.string().describe('the image route with {format} left to fill'),
      defaultSizes: z.record(z.string(), size).describe('default output size in pixels by layout (portrait/landscape for holes, default otherwise)'),
      allowedOverlays: z.array(z.enum(OVERLAY_TYPES)).describe('overlay components a Traditional render of this subject authorizes'),
      printScale: z
        .string()
        .regex(/^1:\d+$/)
        .optional()
        .describe(
          'greens: the scale the default-size image prints at at the default dpi (1:N; Rule 4.3 allows 1:480 or smaller); an image of another size or dpi states its own in the Caddie-Print-Scale header',
        ),
    }),
  ),
});
