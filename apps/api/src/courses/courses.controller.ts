import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Operation } from '../platform/http/operation.decorator';
import { ValidParams, ValidQuery } from '../platform/http/validated-input';
import { withVary } from '../platform/http/content-coding';
import { courseSummarySchema, dataBundleSchema, directoryResponseSchema, nearbyResponseSchema } from './course-responses.schema';
import { COURSE_EXAMPLES } from './course-examples';
import { CATALOG_CHANGE_HEADER, CourseDirectory, DIRECTORY_CACHE_CONTROL } from './course-directory';
import { CoursesService } from './courses.service';

const courseIdParams = z.strictObject({ courseId: z.string().max(200).describe('Course layout id, e.g. osm-way-871993734') });
const coordinate = (min: number, max: number) =>
  z
    .string()
    .regex(/^[+-]?(\d+(\.\d*)?|\.\d+)$/, 'must be a decimal number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

@Controller('courses')
export class CoursesController {
  constructor(
    private readonly courses: CoursesService,
    private readonly directory: CourseDirectory,
  ) {}

  @Get('bulk-ids')
  @Operation({
    operationId: 'listCourses',
    summary: 'Directory of every active geometry-backed course',
    description:
      'Without `since`: `{ courses }`, every active geometry-backed course by name then id. Built once per catalog change and served with a strong ETag (If-None-Match gives 304), `Cache-Control: ' +
      DIRECTORY_CACHE_CONTROL +
      '`, and gzip or brotli per Accept-Encoding (`Vary: Accept-Encoding`). `X-Caddie-Catalog-Change` names the catalog change it reflects.\n\n' +
      'Incremental sync (an addition to the contract): with `since` = that change, `{ change, courses, removed }`: the courses added or changed after it and the ids no longer listed; keep `change` for the next call. A `since` ahead of the catalog answers 400 unknown-catalog-change (fetch the whole directory again).',
    tags: ['Courses'],
    access: 'key',
    scope: 'courses:read',
    query: z.strictObject({
      since: z.string().regex(/^\d{1,10}$/, 'must be a catalog change number').transform(Number).optional().describe('Catalog change of an earlier answer (its X-Caddie-Catalog-Change header or `change`): answer only what changed after it'),
    }),
    responses: {
      200: {
        description: '`{ courses }` without `since`; `{ change, courses, removed }` with it',
        schema: directoryResponseSchema,
        headers: { ETag: 'strong validator of the directory in this content coding', [CATALOG_CHANGE_HEADER]: 'the catalog change the answer reflects', 'Content-Encoding': 'gzip or br when the client accepts them' },
      },
      304: { description: 'Not modified (If-None-Match matched)' },
    },
    problems: ['unknown-catalog-change'],
    example: COURSE_EXAMPLES.directory,
  })
  async listCourses(@ValidQuery() query: { since?: number }, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (query.since !== undefined) {
      const changes = await this.directory.changesSince(query.since);
      reply.header('cache-control', 'private, no-cache').header(CATALOG_CHANGE_HEADER, String(changes.change)).send(changes);
      return;
    }
    const answer = await this.directory.answer(request.headers['accept-encoding'], request.headers['if-none-match']);
    reply.status(answer.status).headers(answer.headers).header('vary', withVary(reply.getHeader('vary'), 'Accept-Encoding')).send(answer.body);
  }

  @Get(':courseId')
  @Operation({
    operationId: 'getCourse',
    summary: 'Course summary',
    tags: ['Courses'],
    access: 'key',
    scope: 'courses:read',
    params: courseIdParams,
    responses: { 200: { description: 'CourseSummary', schema: courseSummarySchema } },
    problems: ['course-not-found', 'invalid-course-id'],
    example: COURSE_EXAMPLES.summary,
  })
  summary(@ValidParams() params: { courseId: string }) {
    return this.courses.summary(params.courseId);
  }

  @Get(':courseId/data')
  @Operation({
    operationId: 'getCourseData',
    summary: 'Selected course datasets',
    description:
      'Server-to-server only (private key, no Origin). `identity` is granted to every key; other datasets need a grant and are otherwise returned as `{ status: "denied" }` and listed in meta.deniedDatasets. Datasets the course lacks come back as `{ status: "todo" }` in meta.todoDatasets. Geometry is RFC 7946 GeoJSON.',
    tags: ['Courses'],
    access: 'private-key',
    scope: 'course-data:read',
    params: courseIdParams,
    query: z.strictObject({
      include: z.string().max(2000).optional().describe('Comma-separated dataset keywords; `geometry`, `elevations`, `measurements` (or `.*`) expand to their members. Default `identity`.'),
      holes: z.string().max(300).optional().describe('Comma-separated hole numbers (1..99); filters rows, assigned geometry, context geometry within 50 m of the hole bounds, and elevation points.'),
    }),
    responses: { 200: { description: 'CourseDataBundleResponse', schema: dataBundleSchema } },
    problems: ['course-not-found', 'invalid-course-id', 'unknown-hole'],
    example: COURSE_EXAMPLES.data,
  })
  data(@ValidParams() params: { courseId: string }, @ValidQuery() query: { include?: string; holes?: string }, @Req() request: FastifyRequest) {
    return this.courses.dataBundle(params.courseId, query.include, query.holes, request.principal!);
  }

  @Get(':longitude/:latitude')
  @Operation({
    operationId: 'findNearbyCourses',
    summary: 'The 10 nearest active courses within 10 miles',
    tags: ['Courses'],
    access: 'key',
    scope: 'courses:read',
    params: z.strictObject({ longitude: coordinate(-180, 180).describe('WGS84 longitude of the search origin, -180..180'), latitude: coordinate(-90, 90).describe('WGS84 latitude of the search origin, -90..90') }),
    responses: { 200: { description: 'NearbyCourseResponse', schema: nearbyResponseSchema } },
    example: COURSE_EXAMPLES.nearby,
  })
  nearby(@ValidParams() params: { longitude: number; latitude: number }) {
    return this.courses.nearby(params.longitude, params.latitude);
  }
}
