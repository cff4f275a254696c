import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { withVary } from '../platform/http/content-coding';
import { DirectRoutes, type DirectRouteInput } from '../platform/http/direct-routes';
import type { FastAnswer, FastInput } from '../platform/http/fast-lane';
import type { OperationSpec } from '../platform/http/operation.decorator';
import { COURSE_EXAMPLES } from './course-examples';
import { CATALOG_CHANGE_HEADER, CourseDirectory, DIRECTORY_CACHE_CONTROL, type DirectoryAnswer } from './course-directory';
import { directoryResponseSchema } from './course-responses.schema';

type DirectoryQuery = { since?: number };
const CHANGE_NUMBER = /^\d{1,10}$/;

const directorySpec: OperationSpec = {
  operationId: 'listCourses',
  summary: 'Directory of every active geometry-backed course',
  description:
    `Without \`since\`: \`{ courses }\`, every active geometry-backed course by name then id. Built once per catalog change and served with a strong ETag (If-None-Match gives 304), \`Cache-Control: ${DIRECTORY_CACHE_CONTROL}\`, and gzip or brotli per Accept-Encoding (\`Vary: Accept-Encoding\`). \`X-Caddie-Catalog-Change\` names the catalog change it reflects.\n\n` +
    'Incremental sync (an addition to the contract): with `since` = that change, `{ change, courses, removed }`: the courses added or changed after it and the ids no longer listed; keep `change` for the next call. A `since` ahead of the catalog answers 400 unknown-catalog-change (fetch the whole directory again).',
  tags: ['Courses'],
  access: 'key',
  scope: 'courses:read',
  params: z.strictObject({}),
  query: z.strictObject({
    since: z
      .string()
      .regex(CHANGE_NUMBER, 'must be a catalog change number')
      .transform(Number)
      .optional()
      .describe('Catalog change of an earlier answer (its X-Caddie-Catalog-Change header or `change`): answer only what changed after it'),
  }),
  responses: {
    200: {
      description: '`{ courses }` without `since`; `{ change, courses, removed }` with it',
      schema: directoryResponseSchema,
      headers: {
        ETag: 'strong validator of the directory in this content coding',
        'X-Caddie-Catalog-Change': 'the catalog change the answer reflects',
        'Content-Encoding': 'gzip or br when the client accepts them',
      },
    },
    304: { description: 'Not modified (If-None-Match matched)' },
  },
  problems: ['unknown-catalog-change'],
  example: COURSE_EXAMPLES.directory,
};

const VARY = 'Accept-Encoding';

/**
 * GET /v1/courses/bulk-ids as a direct route: every client fetches the directory, and most of
 * them get the same bytes again, so a repeated request is answered by the fast lane from the
 * built directory in memory (bench:catalog measures it beside course summaries).
 */
@Injectable()
export class DirectoryRoutes {
  constructor(
    routes: DirectRoutes,
    private readonly directory: CourseDirectory,
  ) {
    routes.add<Record<string, never>, DirectoryQuery>({
      method: 'GET',
      path: 'courses/bulk-ids',
      spec: directorySpec,
      accept: (params, query) => (Object.keys(params).length === 0 && Object.keys(query).length === 0 ? { params: {}, query: {} } : null),
      handle: (input) => this.send(input),
      answerNow: (input) => this.answerNow(input),
    });
  }

  private async send({ query, request, reply }: DirectRouteInput<Record<string, never>, DirectoryQuery>): Promise<void> {
    if (query.since !== undefined) {
      const changes = await this.directory.changesSince(query.since);
      reply.header('cache-control', 'private, no-cache').header(CATALOG_CHANGE_HEADER, String(changes.change)).send(changes);
      return;
    }
    const answer = await this.directory.answer(request.headers['accept-encoding'], request.headers['if-none-match']);
    sendAnswer(reply, answer);
  }

  /** What send() answers for a plain request while the built directory is known current; null otherwise. */
  private answerNow(input: FastInput): FastAnswer | null {
    if (Object.keys(input.params).length !== 0 || Object.keys(input.query).length !== 0) return null;
    const answer = this.directory.answerNow(input.headers['accept-encoding'], input.headers['if-none-match']);
    // the lane puts Vary: Origin first, as the CORS set-up does on the full route
    return answer && { status: answer.status, headers: { ...answer.headers, vary: VARY }, ...(answer.body ? { body: answer.body } : {}) };
  }
}

/** Sends a directory answer on the full route (the console's list too). */
export function sendAnswer(reply: FastifyReply, answer: DirectoryAnswer): void {
  reply
    .status(answer.status)
    .headers(answer.headers)
    .header('vary', withVary(reply.getHeader('vary'), VARY))
    .send(answer.body);
}
