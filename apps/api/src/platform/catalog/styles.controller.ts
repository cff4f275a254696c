import { Controller, Get } from '@nestjs/common';
import { describeGraphicsOptions, GRAPHICS_OPTIONS_DOCUMENT_SCHEMA } from '@caddie/styles';
import { Operation } from '../http/operation.decorator';

const full = describeGraphicsOptions();
const STYLES_EXAMPLE = { ...full, options: full.options.filter((o) => o.bodyPath?.startsWith('output.')) };

/** Graphics options, allowed values, defaults and limits: generated from the one option table that also validates requests. */
@Controller('styles')
export class StylesController {
  private readonly document = describeGraphicsOptions();

  @Get()
  @Operation({
    operationId: 'getGraphicsStyles',
    summary: 'Graphics generator options and limits',
    description:
      'Every graphics option with its query name, body path, type, allowed values or range, default, subjects, styles, aliases and deprecations; the subjects with default sizes; limits; overlay types.',
    tags: ['Catalog'],
    access: 'public',
    responses: { 200: { description: 'The graphics options document', schema: GRAPHICS_OPTIONS_DOCUMENT_SCHEMA as Record<string, unknown> } },
    example: { summary: 'The document, its option list cut to the output options', responses: { 200: STYLES_EXAMPLE } },
  })
  styles() {
    return this.document;
  }
}
