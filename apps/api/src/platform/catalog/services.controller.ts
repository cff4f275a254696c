import { Controller, Get } from '@nestjs/common';
import { z } from 'zod';
import { ApiConfig } from '../config/api-config';
import { Operation, type ServiceId } from '../http/operation.decorator';
import { ValidParams } from '../http/validated-input';
import { ApiProblem } from '../problems/api-problem';
import { API_PREFIX, RouteCatalogService } from './route-catalog.service';
import { docsAnchor } from '../openapi/docs-page';
import { SERVICE_CATALOG } from './service-catalog';

const serviceSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(['beta', 'production']),
  endpoints: z.array(z.string()).describe('"<METHOD> <path>", paths relative to the versioned root'),
  links: z.strictObject({ service: z.url(), docs: z.url() }),
});
const serviceIds = Object.keys(SERVICE_CATALOG) as [ServiceId, ...ServiceId[]];
const GRAPHICS_ENTRY_EXAMPLE = {
  id: 'course-graphics',
  name: SERVICE_CATALOG['course-graphics'].name,
  description: SERVICE_CATALOG['course-graphics'].description,
  status: SERVICE_CATALOG['course-graphics'].status,
  endpoints: [
    'GET /courses/{courseId}/graphics',
    'GET /courses/{courseId}/graphics/images/{subject}/{format}',
    'POST /courses/{courseId}/graphics/images',
    'POST /renders/{renderId}/overlays',
  ],
  links: {
    service: 'http://localhost:3000/v1/services/course-graphics',
    docs: `http://localhost:3000/docs${docsAnchor(SERVICE_CATALOG['course-graphics'].name)}`,
  },
};

@Controller('services')
export class ServicesController {
  constructor(
    private readonly routes: RouteCatalogService,
    private readonly config: ApiConfig,
  ) {}

  @Get()
  @Operation({
    operationId: 'listServices',
    summary: 'Service catalog',
    tags: ['Catalog'],
    access: 'public',
    responses: { 200: { description: 'The catalog', schema: z.strictObject({ services: z.array(serviceSchema) }) } },
    example: { summary: 'The catalog (one entry shown)', responses: { 200: { services: [GRAPHICS_ENTRY_EXAMPLE] } } },
  })
  list() {
    return { services: serviceIds.map((id) => this.entry(id)) };
  }

  @Get(':serviceId')
  @Operation({
    operationId: 'getService',
    summary: 'One service catalog entry',
    tags: ['Catalog'],
    access: 'public',
    params: z.strictObject({
      serviceId: z
        .string()
        .max(64)
        .describe(`Catalog id: ${serviceIds.join(', ')}.`),
    }),
    responses: { 200: { description: 'The entry', schema: serviceSchema } },
    example: { summary: 'The graphics service', parameters: { serviceId: 'course-graphics' }, responses: { 200: GRAPHICS_ENTRY_EXAMPLE } },
    problems: ['not-found'],
  })
  one(@ValidParams() params: { serviceId: string }) {
    if (!(serviceIds as string[]).includes(params.serviceId)) throw new ApiProblem('not-found', `No service ${params.serviceId.slice(0, 64)}.`);
    return this.entry(params.serviceId as ServiceId);
  }

  private entry(id: ServiceId) {
    const base = this.config.publicBaseUrl;
    const prefix = `/${API_PREFIX}`;
    const endpoints = this.routes
      .routes()
      .filter((r) => r.spec.service === id)
      .map((r) => `${r.method} ${r.path.startsWith(prefix) ? r.path.slice(prefix.length) : r.path}`);
    return {
      id,
      ...SERVICE_CATALOG[id],
      endpoints,
      links: { service: `${base}${prefix}/services/${id}`, docs: `${base}/docs${docsAnchor(SERVICE_CATALOG[id].name)}` },
    };
  }
}
