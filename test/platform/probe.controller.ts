import { setTimeout as sleep } from 'node:timers/promises';
import { Controller, Get, Module, Post } from '@nestjs/common';
import { z } from 'zod';
import { Operation } from '../../apps/api/src/platform/http/operation.decorator';
import { ValidBody, ValidQuery } from '../../apps/api/src/platform/http/validated-input';

/** Routes with each kind of access, so the guard's matrix is tested independently of feature routes. */
@Controller('probe')
export class ProbeController {
  @Get('public')
  @Operation({ operationId: 'probePublic', summary: 'probe', tags: ['Probe'], access: 'public', responses: { 200: { description: 'ok' } } })
  open() {
    return { ok: true };
  }

  @Get('courses')
  @Operation({
    operationId: 'probeCourses',
    summary: 'probe',
    tags: ['Probe'],
    access: 'key',
    scope: 'courses:read',
    responses: { 200: { description: 'ok' } },
  })
  courses() {
    return { ok: true };
  }

  @Get('graphics')
  @Operation({
    operationId: 'probeGraphics',
    summary: 'probe',
    tags: ['Probe'],
    access: 'key',
    scope: 'course-graphics:read',
    browserScope: 'course-graphics:browser',
    responses: { 200: { description: 'ok' } },
  })
  graphics() {
    return { ok: true };
  }

  @Get('private')
  @Operation({
    operationId: 'probePrivate',
    summary: 'probe',
    tags: ['Probe'],
    access: 'private-key',
    scope: 'scorecards:process',
    responses: { 200: { description: 'ok' } },
  })
  privateOnly() {
    return { ok: true };
  }

  @Post('validate')
  @Operation({
    operationId: 'probeValidate',
    summary: 'probe',
    tags: ['Probe'],
    access: 'public',
    query: z.strictObject({ n: z.coerce.number().int().min(1).max(9).optional() }),
    body: z.strictObject({ name: z.string().min(1), count: z.number().int() }),
    responses: { 200: { description: 'ok' } },
  })
  validate(@ValidQuery() query: { n?: number }, @ValidBody() body: { name: string; count: number }) {
    return { query, body };
  }

  @Get('slow')
  @Operation({
    operationId: 'probeSlow',
    summary: 'probe',
    tags: ['Probe'],
    access: 'public',
    query: z.strictObject({ ms: z.coerce.number().int().min(0).max(60_000) }),
    responses: { 200: { description: 'ok' } },
  })
  async slow(@ValidQuery() query: { ms: number }) {
    await sleep(query.ms);
    return { ok: true };
  }

  @Post('slow')
  @Operation({
    operationId: 'probeSlowBody',
    summary: 'probe',
    tags: ['Probe'],
    access: 'public',
    query: z.strictObject({ ms: z.coerce.number().int().min(0).max(60_000) }),
    body: z.strictObject({ name: z.string() }),
    responses: { 200: { description: 'ok' } },
  })
  async slowWithBody(@ValidQuery() query: { ms: number }) {
    await sleep(query.ms);
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
