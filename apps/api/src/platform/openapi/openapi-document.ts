import { z } from 'zod';
import { SCOPES } from '@caddie/access';
import type { RouteEntry } from '../catalog/route-catalog.service';
import { SERVICE_CATALOG } from '../catalog/service-catalog';
import { operatorHeaderName, type OperationSpec, type ResponseSpec } from '../http/operation.decorator';
import { isProblemCode, PROBLEM_CODES } from '../problems/problem-catalog';
import { expandFreeForm, JSON_VALUE_TYPES } from './free-form-json';

export const API_VERSION = '1.0.0-beta.1';

const AUTH_PROBLEMS = ['missing-credential', 'invalid-credential', 'ambiguous-credential', 'insufficient-scope', 'origin-not-allowed'];
/**
 * Problems any operation can answer: the transport's own (a malformed request, limits on URL,
 * headers and receive time, the total request budget) and a dependency that does not answer.
 */
const ALWAYS_PROBLEMS = [
  'credential-in-query',
  'rate-limited',
  'internal-error',
  'service-unavailable',
  'request-deadline-exceeded',
  'invalid-url',
  'invalid-request',
  'invalid-content-length',
  'uri-too-long',
  'headers-too-large',
  'request-timeout',
];

function jsonSchema(schema: z.ZodType | Record<string, unknown>, io: 'input' | 'output'): Record<string, unknown> {
  if (!(schema instanceof z.ZodType)) return schema;
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', override: expandFreeForm }) as Record<
    string,
    unknown
  >;
  return rest;
}

function parameters(spec: OperationSpec, location: 'path' | 'query'): Record<string, unknown>[] {
  const object = location === 'path' ? spec.params : spec.query;
  const out: Record<string, unknown>[] = [];
  if (object) {
    const shape = jsonSchema(object, 'input') as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
    for (const [name, schema] of Object.entries(shape.properties ?? {})) {
      const { description, ...rest } = schema;
      out.push({
        name,
        in: location,
        required: location === 'path' || (shape.required ?? []).includes(name),
        schema: rest,
        ...(description ? { description } : {}),
      });
    }
  }
  // documented parameters (the graphics option table) replace zod-derived ones of the same name
  const documented = location === 'query' ? (spec.queryDoc ?? []) : (spec.pathDoc ?? []);
  const names = new Set(documented.map((p) => p.name));
  const merged = [...out.filter((p) => !names.has(p.name as string)), ...documented];
  const examples = spec.example?.parameters ?? {};
  return merged.map((p) => (examples[p.name as string] === undefined ? p : { ...p, example: examples[p.name as string] }));
}

function headerParameters(spec: OperationSpec, operatorToken: string): Record<string, unknown>[] {
  const examples = spec.example?.parameters ?? {};
  return (spec.headers ?? []).map((h) => ({
    name: operatorHeaderName(h.name, operatorToken),
    in: 'header',
    required: h.required ?? false,
    description: h.description,
    schema: h.schema,
    ...(examples[h.name] === undefined ? {} : { example: examples[h.name] }),
  }));
}

function problemsOf(spec: OperationSpec): string[] {
  const codes = new Set([...(spec.problems ?? []), ...ALWAYS_PROBLEMS]);
  if (spec.access !== 'public') AUTH_PROBLEMS.forEach((c) => codes.add(c));
  if (spec.access === 'private-key') ['publishable-key-not-allowed', 'browser-origin-not-allowed'].forEach((c) => codes.add(c));
  if (spec.browserScope) codes.add('browser-origin-not-allowed');
  if (spec.params || spec.query) codes.add('invalid-parameter');
  return [...codes];
}

function responses(spec: OperationSpec, operatorToken: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(spec.responses) as [string, ResponseSpec][]) {
    const content: Record<string, unknown> = {};
    const example = spec.example?.responses?.[Number(status)];
    if (response.schema) content['application/json'] = { schema: jsonSchema(response.schema, 'output'), ...(example !== undefined ? { example } : {}) };
    // a text example (Prometheus metrics) is shown on the text content types
    for (const type of response.contentTypes ?? []) {
      if (type === 'application/json') {
        // a stored JSON file served as it is (a printable's manifest.json): any JSON, with the example
        content[type] = {
          schema: { type: JSON_VALUE_TYPES, description: 'A stored JSON document, served as stored' },
          ...(example !== undefined && typeof example !== 'string' ? { example } : {}),
        };
        continue;
      }
      content[type] = { schema: { type: 'string', contentMediaType: type }, ...(typeof example === 'string' && type.startsWith('text/') ? { example } : {}) };
    }
    out[status] = {
      description: response.description,
      ...(Object.keys(content).length ? { content } : {}),
      ...(response.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([h, d]) => [operatorHeaderName(h, operatorToken), { description: d, schema: { type: 'string' } }]),
            ),
          }
        : {}),
    };
  }
  const byStatus = new Map<number, string[]>();
  for (const code of problemsOf(spec)) {
    const problem = isProblemCode(code) ? PROBLEM_CODES[code] : undefined;
    if (!problem) throw new Error(`operation ${spec.operationId} documents undeclared problem code ${code}`);
    byStatus.set(problem.status, [...(byStatus.get(problem.status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: `Problem document; code one of: ${codes.map((c) => `\`${c}\``).join(', ')}`,
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      'x-problem-codes': codes,
    };
  }
  return out;
}

/** OpenAPI 3.1 generated from the routes served and their @Operation declarations. */
export function buildOpenApiDocument(routes: readonly RouteEntry[], baseUrl: string, operatorToken: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const spec = route.spec;
    if (spec.hidden) continue;
    const operation: Record<string, unknown> = {
      operationId: spec.operationId,
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      ...(spec.example ? { 'x-example-summary': spec.example.summary } : {}),
      tags: spec.service ? [SERVICE_CATALOG[spec.service].name] : spec.tags,
      parameters: [...parameters(spec, 'path'), ...parameters(spec, 'query'), ...headerParameters(spec, operatorToken)],
      responses: responses(spec, operatorToken),
      security: spec.access === 'public' ? [] : [{ ApiKeyHeader: [] }, { BearerAuth: [] }],
      'x-access': spec.access,
      ...(spec.scope ? { 'x-required-scope': spec.scope } : {}),
      ...(spec.browserScope ? { 'x-publishable-key-scope': spec.browserScope } : {}),
      ...(spec.deprecated ? { deprecated: true } : {}),
    };
    if (spec.body || spec.bodyDoc) {
      const schema = spec.bodyDoc ?? jsonSchema(spec.body!, 'input');
      operation.requestBody = {
        required: true,
        content: Object.fromEntries(
          (spec.bodyContentTypes ?? ['application/json']).map((t) => {
            const example = spec.example?.bodies?.[t] ?? spec.example?.body;
            return [t, { schema: spec.bodyDocs?.[t] ?? schema, ...(example !== undefined ? { example } : {}) }];
          }),
        ),
      };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Caddie: golf course data, graphics, maps and scorecard API',
      version: API_VERSION,
      description: [
        'Course data from measured geometry, on-demand graphics, PMTiles map tiles, printables, and scorecard photo processing.',
        '',
        `Authentication: send one key in \`x-api-key\` or \`Authorization: Bearer\`. Keys: \`${operatorToken}_live_\`/\`${operatorToken}_test_\` (private, server only) and \`${operatorToken}_pk_live_\`/\`${operatorToken}_pk_test_\` (publishable, only from an exact licensed Origin). Credentials in query strings are refused.`,
        '',
        'Scopes: ' +
          Object.entries(SCOPES)
            .map(([s, d]) => `\`${s}\` (${d.audience}): ${d.description}`)
            .join(' '),
        '',
        'Errors are RFC 9457 problem documents (`application/problem+json`) with a stable `code`; `GET /v1/problems` lists every code.',
      ].join('\n'),
    },
    servers: [{ url: baseUrl }],
    tags: [
      ...Object.values(SERVICE_CATALOG).map((s) => ({ name: s.name, description: s.description })),
      { name: 'Courses', description: 'Course summary, datasets, nearby search and the directory.' },
      { name: 'Catalog', description: 'Service catalog, graphics options and problem codes.' },
      { name: 'Operations', description: 'Liveness, readiness and metrics.' },
    ],
    paths,
    components: {
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        BearerAuth: { type: 'http', scheme: 'bearer', description: 'The same API key as a bearer token' },
      },
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'code', 'detail', 'instance', 'requestId'],
          properties: {
            type: { type: 'string', format: 'uri' },
            title: { type: 'string' },
            status: { type: 'integer' },
            code: { type: 'string', enum: Object.keys(PROBLEM_CODES) },
            detail: { type: 'string' },
            instance: { type: 'string' },
            requestId: { type: 'string' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['parameter', 'code', 'detail'],
                properties: { parameter: { type: 'string' }, code: { type: 'string' }, detail: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
}
