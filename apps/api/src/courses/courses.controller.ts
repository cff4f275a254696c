import { Controller, Get, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Operation } from '../platform/http/operation.decorator';
import { ValidParams, ValidQuery } from '../platform/http/validated-input';
import { courseSummarySchema, dataBundleSchema, nearbyResponseSchema } from './course-responses.schema';
import { COURSE_EXAMPLES } from './course-examples';
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
  constructor(private readonly courses: CoursesService) {}

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
      include: z
        .string()
        .max(2000)
        .optional()
        .describe('Comma-separated dataset keywords; `geometry`, `elevations`, `measurements` (or `.*`) expand to their members. Default `identity`.'),
      holes: z
        .string()
        .max(300)
        .optional()
        .describe(
          'Comma-separated hole numbers (1..99); filters rows, assigned geometry, context geometry within 50 m of the hole bounds, and elevation points.',
        ),
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
    params: z.strictObject({
      longitude: coordinate(-180, 180).describe('WGS84 longitude of the search origin, -180..180'),
      latitude: coordinate(-90, 90).describe('WGS84 latitude of the search origin, -90..90'),
    }),
    responses: { 200: { description: 'NearbyCourseResponse', schema: nearbyResponseSchema } },
    example: COURSE_EXAMPLES.nearby,
  })
  nearby(@ValidParams() params: { longitude: number; latitude: number }) {
    return this.courses.nearby(params.longitude, params.latitude);
  }
}
