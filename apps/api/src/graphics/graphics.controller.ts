import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { graphicsRequestBodySchema, overlayRequestJsonSchema } from '@caddie/styles';
import { courseIdParam, GRAPHIC_ACCESS, GRAPHIC_PROBLEMS, IMAGE_TYPES, stillRendering } from './graphics-operations';
import { apiPath, deprecate } from '../platform/http/deprecation';
import { ApiProblem } from '../platform/problems/api-problem';
import { Operation, type OperationSpec } from '../platform/http/operation.decorator';
import { ValidBody, ValidParams } from '../platform/http/validated-input';
import { GraphicsService } from './graphics.service';
import { GraphicSubjectsService } from './graphic-subjects.service';
import { GRAPHICS_EXAMPLES } from './graphics-examples';
import { graphicRenderDescriptorSchema, graphicSubjectsSchema, overlayAnswerSchema } from './graphics-responses.schema';
import { OVERLAY_RESOLVE_TIMEOUT_MS, OverlaysService } from './overlays.service';
import { DEFAULT_OVERLAY_BUDGET } from '@caddie/renderer';

const courseParams = z.strictObject({ courseId: courseIdParam });
const renderIdParam = z
  .string()
  .regex(/^rnd_[A-Za-z0-9_-]+$/)
  .max(80)
  .describe('Render id: render.id of a GraphicRenderDescriptor.');

const descriptorResponse: OperationSpec['responses'] = {
  201: { description: 'GraphicRenderDescriptor: image URL, cache state and a short-lived render receipt', schema: graphicRenderDescriptorSchema },
};
const postSpec = (operationId: string, deprecated: boolean): OperationSpec => ({
  ...GRAPHIC_ACCESS,
  operationId,
  summary: deprecated ? 'Legacy alias of POST /courses/{courseId}/graphics/images' : 'Validate a structured graphics request; return its URL and receipt',
  params: courseParams,
  bodyDoc: graphicsRequestBodySchema(),
  bodyContentTypes: ['application/json'],
  responses: descriptorResponse,
  problems: [...GRAPHIC_PROBLEMS, 'invalid-json', 'json-too-deep', 'unsupported-content-type'],
  deprecated,
  example: GRAPHICS_EXAMPLES.create,
});

/**
 * The POST body: a JSON object. Any other media type is 415; JSON that is not an object (null,
 * an array, a string) is 400 before anything else reads it. No body at all stands for {}.
 */
function jsonObjectBody(request: FastifyRequest): object {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type === '' && (request.body === undefined || request.body === null)) return {};
  if (type !== 'application/json') throw new ApiProblem('unsupported-content-type', 'Send the graphics request as application/json.');
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiProblem('invalid-parameter', 'The body must be a JSON object.', {
      errors: [{ parameter: 'body', code: 'invalid-parameter', detail: 'expected a JSON object' }],
    });
  }
  return body;
}

@Controller()
export class GraphicsController {
  constructor(
    private readonly graphics: GraphicsService,
    private readonly overlaysService: OverlaysService,
    private readonly subjects: GraphicSubjectsService,
  ) {}

  @Get('courses/:courseId/graphics')
  @Operation({
    ...GRAPHIC_ACCESS,
    operationId: 'listCourseGraphics',
    summary: 'The graphics this course offers',
    description:
      'Every GET subject the course has the data for (course, hole-N, green-N, profile-elevation-N), with its image URL, default sizes and the overlay components its render authorizes, plus the query parameters that apply to each subject type (from the same option table that validates requests; GET /v1/styles describes each).',
    params: courseParams,
    responses: { 200: { description: 'Subjects, formats, styles, dpi range and applicable options', schema: graphicSubjectsSchema } },
    problems: ['course-not-found', 'invalid-course-id'],
    example: GRAPHICS_EXAMPLES.subjects,
  })
  list(@ValidParams() params: { courseId: string }) {
    return this.subjects.list(params.courseId);
  }

  @Post('courses/:courseId/graphics/images')
  @HttpCode(201)
  @Operation(postSpec('createGraphicRender', false))
  async create(@ValidParams() params: { courseId: string }, @Req() request: FastifyRequest) {
    return this.describe(params.courseId, request);
  }

  @Post('courses/:courseId/maps/images')
  @HttpCode(201)
  @Operation(postSpec('createGraphicRenderLegacy', true))
  async createLegacy(@ValidParams() params: { courseId: string }, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    deprecate(reply, apiPath`/v1/courses/${params.courseId}/graphics/images`);
    return this.describe(params.courseId, request);
  }

  @Get('renders/:renderId/image')
  @Operation({
    ...GRAPHIC_ACCESS,
    operationId: 'getRenderImage',
    summary: 'The image of a render by id (the URL a RENDERING descriptor hands out)',
    params: z.strictObject({ renderId: renderIdParam }),
    responses: { 200: { description: 'The image', contentTypes: IMAGE_TYPES }, 202: stillRendering },
    problems: ['render-not-found'],
    example: GRAPHICS_EXAMPLES.renderImage,
  })
  async renderImage(@ValidParams() params: { renderId: string }, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.graphics.sendImage(await this.graphics.byRenderId(params.renderId), reply, request.headers['if-none-match']);
  }

  @Post('renders/:renderId/overlays')
  @HttpCode(200)
  @Operation({
    ...GRAPHIC_ACCESS,
    operationId: 'resolveRenderOverlays',
    summary: 'Resolve overlay components for a render',
    description:
      'Validates the credential and the signed receipt (bound to the key and the normalized render request), then resolves each component against the exact rendered artifact. Only output-pixel display instructions are returned: never coordinates, transforms, source geometry or measurement records. ' +
      `Components that differ only by id are resolved once. One request may paint at most ${DEFAULT_OVERLAY_BUDGET.maxRasterPixels / 1e6} megapixels of distinct raster components (heatmaps) and answer at most ${DEFAULT_OVERLAY_BUDGET.maxAnswerBytes / 1e6} MB of components (every copy counted), else 422 overlay-budget-exceeded with \`budget\`, \`limit\` and \`requested\`; ` +
      `resolution takes at most ${OVERLAY_RESOLVE_TIMEOUT_MS / 1000} s including the wait for a free resolver (503 request-deadline-exceeded; 503 server-busy when too many wait).`,
    params: z.strictObject({ renderId: renderIdParam }),
    body: z.strictObject({ receipt: z.string().min(1).max(4000), overlays: z.array(z.unknown()).min(1).max(64) }),
    // items are validated per type by the overlay declarations (parseOverlayItems); the document shows them
    bodyDoc: overlayRequestJsonSchema(),
    responses: { 200: { description: 'Resolved preset, image pixels and presentation settings per component', schema: overlayAnswerSchema } },
    example: GRAPHICS_EXAMPLES.overlays,
    problems: [
      'invalid-receipt',
      'receipt-expired',
      'overlay-not-allowed',
      'duplicate-overlay-id',
      'render-not-ready',
      'render-stale',
      'projection-missing',
      'green-missing',
      'green-elevation-missing',
      'elevation-missing',
      'elevation-too-coarse',
      'fairway-measurements-missing',
      'overlay-data-missing',
      'overlay-budget-exceeded',
      'server-busy',
      'missing-parameter',
    ],
  })
  overlays(@ValidParams() params: { renderId: string }, @ValidBody() body: { receipt: string; overlays: unknown[] }, @Req() request: FastifyRequest) {
    return this.overlaysService.resolve(params.renderId, body.receipt, body.overlays, request.principal!);
  }

  private async describe(courseId: string, request: FastifyRequest) {
    const { revision, request: normalized } = await this.graphics.fromBody(courseId, jsonObjectBody(request));
    const outcome = await this.graphics.render(courseId, revision, normalized, request.principal);
    if (outcome.cacheState === 'FAILED') throw outcome.failure!;
    return this.graphics.descriptor(outcome, request.principal!);
  }
}
