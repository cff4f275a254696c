import { Controller, Delete, Get, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PrintableStatus } from '@caddie/persistence';
import { Operation } from '../platform/http/operation.decorator';
import { ValidBody, ValidParams, ValidQuery } from '../platform/http/validated-input';
import { isValidIdempotencyKey } from '../platform/idempotency/idempotency-store';
import { ApiProblem } from '../platform/problems/api-problem';
import { compileResponseSchema, printableListSchema, printableSchema, templateDescriptionSchema, templateListSchema } from './printable-responses.schema';
import type { PrintableBody } from './printable-requests';
import {
  compileBody,
  COURSE_PROBLEMS,
  READ_PROBLEMS,
  coursePrintableParams,
  coursePrintablesQuery,
  courseParams,
  createBody,
  CREATE_PROBLEMS,
  PRINTABLE_DESCRIPTION,
  printableParams,
  printablesRead,
  printablesWrite,
  REQUEST_PROBLEMS,
  searchQuery,
  templateParams,
} from './printables.operations';
import { PRINTABLE_EXAMPLES } from './printables.examples';
import { PrintablesService } from './printables.service';

type ListQuery = { cursor?: string; limit: number };
type SearchQuery = ListQuery & { courseId?: string; template?: string; status?: PrintableStatus; createdFrom?: string; createdBefore?: string; q?: string };

/** The seven printables operations and the template catalog. */
@Controller()
export class PrintablesController {
  constructor(private readonly printables: PrintablesService) {}

  @Get('printables/templates')
  @Operation({
    ...printablesRead,
    operationId: 'listPrintableTemplates',
    example: PRINTABLE_EXAMPLES.listPrintableTemplates,
    summary: 'Published printable templates',
    description: 'Every published template version with its page sizes and the JSON Schema of its options. Templates are immutable: a change is a new version.',
    responses: { 200: { description: 'The templates', schema: templateListSchema } },
  })
  templates() {
    return this.printables.templates();
  }

  @Get('printables/templates/:templateId')
  @Operation({
    ...printablesRead,
    operationId: 'getPrintableTemplate',
    example: PRINTABLE_EXAMPLES.getPrintableTemplate,
    summary: 'One printable template version',
    params: templateParams,
    responses: { 200: { description: 'The template', schema: templateDescriptionSchema } },
    problems: ['printable-template-not-found'],
  })
  template(@ValidParams() params: { templateId: string }) {
    return this.printables.template(params.templateId);
  }

  @Post('courses/:courseId/printables/compile')
  @HttpCode(200)
  @Operation({
    ...printablesRead,
    operationId: 'compilePrintable',
    example: PRINTABLE_EXAMPLES.compilePrintable,
    summary: 'Check a printable against a course without rendering it',
    description:
      'Validates the template and options against the course and returns the manifest (pages, page size, what each page holds, missing data, warnings, the Rule 4.3 report) and small PNG previews of the first pages. Nothing is stored. A request that breaks Rule 4.3 in rules "rule-4.3" mode answers 422 printable-rule-4.3-violation; options whose artwork or page rasters could not be rendered at the requested dpi answer 422 printable-options-unrenderable (with reasons and the dpi that works), here and at create.',
    params: courseParams,
    body: compileBody,
    responses: { 200: { description: 'The manifest and previews', schema: compileResponseSchema } },
    problems: REQUEST_PROBLEMS,
  })
  compile(@ValidParams() params: { courseId: string }, @ValidBody() body: PrintableBody & { previewPages?: number }) {
    return this.printables.compile(params.courseId, body);
  }

  @Post('courses/:courseId/printables')
  @Operation({
    ...printablesWrite,
    operationId: 'createPrintable',
    example: PRINTABLE_EXAMPLES.createPrintable,
    summary: 'Create a printable (rendered by the render farm)',
    description: `${PRINTABLE_DESCRIPTION} The pages render as jobs of one flow spread over the render workers, then are assembled; identical printables of one organization share one render. The answer waits up to the render deadline, so a small printable is often ready in the 201 itself. Idempotency-Key (8..128 visible ASCII characters, optional): the same key with the same request returns the same printable (Idempotent-Replayed: true) for 24 hours; with another request 409 idempotency-key-conflict.`,
    params: courseParams,
    body: createBody,
    responses: {
      201: {
        description: 'The printable',
        schema: printableSchema,
        headers: { Location: '/v1/printables/{printableId}', 'Idempotent-Replayed': 'true when an earlier request with this key created it' },
      },
    },
    problems: CREATE_PROBLEMS,
  })
  async create(
    @ValidParams() params: { courseId: string },
    @ValidBody() body: PrintableBody,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (idempotencyKey !== undefined && !isValidIdempotencyKey(idempotencyKey)) {
      throw new ApiProblem('invalid-idempotency-key', 'Idempotency-Key must be 8 to 128 visible ASCII characters.');
    }
    const { printable, replayed } = await this.printables.create(request.principal!, params.courseId, body, idempotencyKey, String(request.id));
    reply.status(201).header('location', `/v1/printables/${printable.id}`);
    if (replayed) reply.header('idempotent-replayed', 'true');
    return printable;
  }

  @Get('courses/:courseId/printables/:printableId')
  @Operation({
    ...printablesRead,
    operationId: 'getCoursePrintable',
    example: PRINTABLE_EXAMPLES.getCoursePrintable,
    summary: "One of the course's printables",
    description: PRINTABLE_DESCRIPTION,
    params: coursePrintableParams,
    responses: { 200: { description: 'The printable', schema: printableSchema } },
    problems: [...COURSE_PROBLEMS, ...READ_PROBLEMS],
  })
  read(@ValidParams() params: { courseId: string; printableId: string }, @Req() request: FastifyRequest) {
    return this.printables.read(request.principal!, params.printableId, params.courseId);
  }

  @Get('courses/:courseId/printables')
  @Operation({
    ...printablesRead,
    operationId: 'listCoursePrintables',
    example: PRINTABLE_EXAMPLES.listCoursePrintables,
    summary: "The organization's printables of one course, newest first",
    params: courseParams,
    query: coursePrintablesQuery,
    responses: { 200: { description: 'One page of printables', schema: printableListSchema } },
    problems: ['invalid-cursor'],
  })
  list(@ValidParams() params: { courseId: string }, @ValidQuery() query: ListQuery, @Req() request: FastifyRequest) {
    return this.printables.list(request.principal!, { ...query, courseId: params.courseId });
  }

  @Get('printables/:printableId')
  @Operation({
    ...printablesRead,
    operationId: 'getPrintable',
    example: PRINTABLE_EXAMPLES.getPrintable,
    summary: 'One printable by id',
    description: PRINTABLE_DESCRIPTION,
    params: printableParams,
    responses: { 200: { description: 'The printable', schema: printableSchema } },
    problems: READ_PROBLEMS,
  })
  readById(@ValidParams() params: { printableId: string }, @Req() request: FastifyRequest) {
    return this.printables.read(request.principal!, params.printableId);
  }

  @Get('printables')
  @Operation({
    ...printablesRead,
    operationId: 'searchPrintables',
    example: PRINTABLE_EXAMPLES.searchPrintables,
    summary: "Search the organization's printables, newest first",
    description:
      'Filters narrow together: course, exact template version, status, created range (from inclusive, before exclusive) and q, a case-insensitive substring of the course name.',
    query: searchQuery,
    responses: { 200: { description: 'One page of printables', schema: printableListSchema } },
    problems: ['invalid-cursor'],
  })
  search(@ValidQuery() query: SearchQuery, @Req() request: FastifyRequest) {
    const { q, ...filter } = query;
    return this.printables.list(request.principal!, { ...filter, courseNameContains: q });
  }

  @Delete('printables/:printableId')
  @HttpCode(204)
  @Operation({
    ...printablesWrite,
    operationId: 'deletePrintable',
    example: PRINTABLE_EXAMPLES.deletePrintable,
    summary: 'Delete a printable and its package',
    description: 'Removes the record and its stored PDF, PNGs, manifest and ZIP; signed links stop working. Repeating the DELETE answers 204 again.',
    params: printableParams,
    responses: { 204: { description: 'Deleted' } },
    problems: ['printable-not-found', 'printable-package-busy'],
  })
  async remove(@ValidParams() params: { printableId: string }, @Req() request: FastifyRequest): Promise<void> {
    await this.printables.delete(request.principal!, params.printableId);
  }
}
