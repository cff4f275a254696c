import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Header, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { RouteCatalogService } from '../catalog/route-catalog.service';
import { ApiConfig } from '../config/api-config';
import { Operation } from '../http/operation.decorator';
import { ValidParams } from '../http/validated-input';
import { ApiProblem } from '../problems/api-problem';
import { docsPage } from './docs-page';
import { buildOpenApiDocument } from './openapi-document';

// swagger-ui-dist ships the interactive page's assets; no CDN is needed.
const SWAGGER_DIR = require('swagger-ui-dist').getAbsoluteFSPath() as string;
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

@Controller()
export class OpenApiController {
  private document?: Record<string, unknown>;

  constructor(
    private readonly routes: RouteCatalogService,
    private readonly config: ApiConfig,
  ) {}

  @Get('openapi.json')
  @Operation({
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document',
    tags: ['Catalog'],
    access: 'public',
    responses: {
      200: {
        description: 'OpenAPI 3.1 document',
        schema: {
          type: 'object',
          required: ['openapi', 'info', 'paths', 'components'],
          properties: {
            openapi: { const: '3.1.0' },
            info: {
              type: 'object',
              required: ['title', 'version'],
              properties: { title: { type: 'string' }, version: { type: 'string' }, description: { type: 'string' } },
            },
            servers: { type: 'array', items: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } },
            tags: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, description: { type: 'string' } } } },
            paths: { type: 'object', description: 'Operations by path and method' },
            components: { type: 'object', description: 'Security schemes and shared schemas (Problem)' },
          },
        },
      },
    },
    example: {
      summary: 'The head of this document',
      responses: {
        200: {
          openapi: '3.1.0',
          info: { title: 'Caddie: golf course data, graphics, maps and scorecard API', version: '1.0.0-beta.1' },
          paths: {},
          components: {},
        },
      },
    },
  })
  openapi() {
    this.document ??= buildOpenApiDocument(this.routes.routes(), this.config.publicBaseUrl, this.config.operatorToken);
    return this.document;
  }

  private page?: string;

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @Operation({
    operationId: 'getDocsPage',
    summary: 'Interactive API documentation',
    tags: ['Catalog'],
    access: 'public',
    unversioned: true,
    hidden: true,
    responses: { 200: { description: 'HTML' } },
  })
  docs() {
    this.page ??= docsPage(this.openapi());
    return this.page;
  }

  @Get('docs/assets/:file')
  @Operation({
    operationId: 'getDocsAsset',
    summary: 'Docs page asset',
    tags: ['Catalog'],
    access: 'public',
    unversioned: true,
    hidden: true,
    params: z.strictObject({ file: z.string().max(64) }),
    responses: { 200: { description: 'Asset' } },
  })
  asset(@ValidParams() params: { file: string }, @Res() reply: FastifyReply) {
    const type = ASSETS[params.file];
    if (!type) throw new ApiProblem('not-found', 'No such asset.');
    reply
      .header('content-type', type)
      .header('cache-control', 'public, max-age=86400')
      .send(readFileSync(join(SWAGGER_DIR, params.file)));
  }
}
