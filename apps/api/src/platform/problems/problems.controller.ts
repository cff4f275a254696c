import { Controller, Get } from '@nestjs/common';
import { z } from 'zod';
import { Operation } from '../http/operation.decorator';
import { ValidParams } from '../http/validated-input';
import { ApiProblem } from './api-problem';
import { isProblemCode, PROBLEM_CODES } from './problem-catalog';

const problemCodeSchema = z.strictObject({
  code: z.string(),
  status: z.number().int().min(400).max(599),
  title: z.string(),
  hint: z.string().describe('what to do about it'),
});
const RATE_LIMITED_EXAMPLE = { code: 'rate-limited', ...PROBLEM_CODES['rate-limited'] };

/** Problem `type` URIs dereference here: what a code means and what to do. */
@Controller('problems')
export class ProblemsController {
  @Get()
  @Operation({
    operationId: 'listProblemCodes',
    summary: 'Every problem code',
    tags: ['Catalog'],
    access: 'public',
    responses: { 200: { description: 'Codes with status, title and hint', schema: z.strictObject({ problems: z.array(problemCodeSchema) }) } },
    example: { summary: 'Every code', responses: { 200: { problems: [RATE_LIMITED_EXAMPLE] } } },
  })
  list() {
    return { problems: Object.entries(PROBLEM_CODES).map(([code, spec]) => ({ code, ...spec })) };
  }

  @Get(':code')
  @Operation({
    operationId: 'getProblemCode',
    summary: 'One problem code',
    tags: ['Catalog'],
    access: 'public',
    params: z.strictObject({ code: z.string().max(80).describe('A problem code, the last segment of a problem type URI.') }),
    responses: { 200: { description: 'Status, title and hint of the code', schema: problemCodeSchema } },
    example: { summary: 'What rate-limited means', parameters: { code: 'rate-limited' }, responses: { 200: RATE_LIMITED_EXAMPLE } },
    problems: ['not-found'],
  })
  one(@ValidParams() params: { code: string }) {
    const spec = isProblemCode(params.code) ? PROBLEM_CODES[params.code] : undefined;
    if (!spec) throw new ApiProblem('not-found', `No problem code ${params.code.slice(0, 80)}.`);
    return { code: params.code, ...spec };
  }
}
