import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { graphicsPathParameters, graphicsQueryParameters } from '@caddie/styles';
import { DirectRoutes, type DirectRouteInput } from '../platform/http/direct-routes';
import type { FastAnswer, FastInput } from '../platform/http/fast-lane';
import type { OperationSpec } from '../platform/http/operation.decorator';
import { GRAPHIC_ACCESS, GRAPHIC_PROBLEMS, IMAGE_TYPES, courseIdParam, stillRendering } from './graphics-operations';
import { GRAPHICS_EXAMPLES } from './graphics-examples';
import { GraphicsService } from './graphics.service';

type ImageParams = { courseId: string; subject: string; format: string };
type ImageQuery = Record<string, string>;

const SUBJECT_MAX = 40;
const FORMAT_MAX = 8;

const imageSpec: OperationSpec = {
  ...GRAPHIC_ACCESS,
  operationId: 'getGraphicImage',
  summary: 'Render and download a graphic',
  description:
    'Answers the image (200), or 202 with Retry-After and Location while a render is still running past the wait deadline. Identical requests anywhere in the cluster share one render.',
  params: z.strictObject({ courseId: courseIdParam, subject: z.string().max(SUBJECT_MAX), format: z.string().max(FORMAT_MAX) }),
  // the option table validates the query (parseGraphicsQuery) and documents it (queryDoc)
  query: z.looseObject({}),
  pathDoc: graphicsPathParameters() as unknown as Record<string, unknown>[],
  queryDoc: graphicsQueryParameters() as unknown as Record<string, unknown>[],
  responses: {
    200: {
      description: 'The image',
      contentTypes: IMAGE_TYPES,
      headers: {
        ETag: 'sha256 of the image',
        'Cache-Status': 'RFC 9211 cache status',
        'Caddie-Print-Scale': 'greens only: the scale the image prints at at the dpi its file declares, 1:N (Rule 4.3 allows 1:480 or smaller)',
      },
    },
    202: stillRendering,
    304: { description: 'Not modified (If-None-Match)' },
  },
  problems: GRAPHIC_PROBLEMS,
  example: GRAPHICS_EXAMPLES.image,
};

/**
 * GET /v1/courses/{courseId}/graphics/images/{subject}/{format}: a direct route (DirectRoutes),
 * so that a stored graphic asked for again is answered by the fast lane from memory, exactly as
 * this route's handler would answer it (bench:graphics measures it against a static file server).
 */
@Injectable()
export class GraphicImageRoutes {
  constructor(
    routes: DirectRoutes,
    private readonly graphics: GraphicsService,
  ) {
    routes.add<ImageParams, ImageQuery>({
      method: 'GET',
      path: 'courses/:courseId/graphics/images/:subject/:format',
      spec: imageSpec,
      handle: (input) => this.send(input),
      answerNow: (input) => this.answerNow(input),
    });
  }

  private async send({ params, query, request, reply }: DirectRouteInput<ImageParams, ImageQuery>): Promise<void> {
    const { revision, request: normalized } = await this.graphics.fromQuery(params.courseId, params.subject, params.format, query);
    const outcome = await this.graphics.render(params.courseId, revision, normalized, request.principal);
    await this.graphics.sendImage(outcome, reply, request.headers['if-none-match']);
  }

  /** What send() answers for a HIT whose course read and artifact are in memory; null otherwise. */
  private answerNow({ params, query, headers }: FastInput): FastAnswer | null {
    const { courseId, subject, format } = params;
    if (subject.length > SUBJECT_MAX || format.length > FORMAT_MAX) return null;
    return this.graphics.imageNow(courseId, subject, format, query, headers['if-none-match']);
  }
}
