import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { startApi, type ApiHarness } from '../support/api-harness';

type Json = Record<string, unknown>;
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly', '$comment']);
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMA_ONE = ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else'];

/** Paths of schemas that constrain nothing ({} or annotations only), walking every subschema. */
function emptySchemas(schema: unknown, at: string, out: string[]): void {
  if (schema === true) {
    out.push(at);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const object = schema as Json;
  if (Object.keys(object).every((k) => ANNOTATIONS.has(k))) out.push(at);
  for (const key of SUBSCHEMA_MAPS) for (const [name, sub] of Object.entries((object[key] ?? {}) as Json)) emptySchemas(sub, `${at}.${key}.${name}`, out);
  for (const key of SUBSCHEMA_LISTS) ((object[key] ?? []) as unknown[]).forEach((sub, i) => emptySchemas(sub, `${at}.${key}[${i}]`, out));
  for (const key of SUBSCHEMA_ONE) if (object[key] !== undefined && typeof object[key] === 'object') emptySchemas(object[key], `${at}.${key}`, out);
}

function operations(doc: Json): [string, Json][] {
  const out: [string, Json][] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, operation] of Object.entries(item)) out.push([`${method.toUpperCase()} ${path}`, operation as Json]);
  }
  return out;
}

describe('the OpenAPI document', () => {
  let api: ApiHarness;
  let doc: Json;

  beforeAll(async () => {
    api = await startApi();
    doc = (await api.request({ method: 'GET', url: '/v1/openapi.json' })).json();
  }, 60_000);
  afterAll(() => api.close());

  it('validates as OpenAPI 3.1 with @seriousme/openapi-schema-validator', async () => {
    const output = execFileSync(process.execPath, [join(__dirname, '../support/validate-openapi.mjs')], {
      input: JSON.stringify(doc),
      cwd: join(__dirname, '../..'),
    });
    const result = JSON.parse(output.toString('utf8')) as { valid: boolean; errors: unknown[] };
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    // the validator does catch a broken document
    const broken = execFileSync(process.execPath, [join(__dirname, '../support/validate-openapi.mjs')], {
      input: JSON.stringify({ ...doc, paths: { '/x': { get: { responses: 'none' } } } }),
    });
    expect(JSON.parse(broken.toString('utf8')).valid).toBe(false);
  });

  it('has no empty schema anywhere: parameters, bodies, responses, headers and components', () => {
    const empty: string[] = [];
    for (const [name, operation] of operations(doc)) {
      for (const parameter of (operation.parameters ?? []) as Json[]) emptySchemas(parameter.schema, `${name} parameter ${parameter.name}`, empty);
      const body = operation.requestBody as Json | undefined;
      for (const [type, media] of Object.entries((body?.content ?? {}) as Record<string, Json>)) emptySchemas(media.schema, `${name} body ${type}`, empty);
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        if (response.$ref) continue;
        for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>))
          emptySchemas(media.schema, `${name} ${status} ${type}`, empty);
        for (const [header, h] of Object.entries((response.headers ?? {}) as Record<string, Json>))
          emptySchemas(h.schema, `${name} ${status} header ${header}`, empty);
      }
    }
    for (const [name, schema] of Object.entries((doc.components as Json).schemas as Json)) emptySchemas(schema, `components.schemas.${name}`, empty);
    expect(empty).toEqual([]);
  });

  it('documents a body for every success answer that has one', () => {
    const bare = operations(doc).flatMap(([name, operation]) =>
      Object.entries(operation.responses as Record<string, Json>)
        .filter(([status, response]) => /^2/.test(status) && status !== '204' && !response.content)
        .map(([status]) => `${name} ${status}`),
    );
    expect(bare).toEqual([]);
  });

  it('gives every operation an example: each parameter, the request body and the JSON success answer', () => {
    const missing: string[] = [];
    for (const [name, operation] of operations(doc)) {
      let any = false;
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        if (parameter.required && parameter.example === undefined) missing.push(`${name} parameter ${parameter.name}`);
        any ||= parameter.example !== undefined;
      }
      // a body that takes several content types shows its example on at least one: the scorecard
      // photo is shown as an upload, since a JSON image URL must be public and cannot be tried offline
      const body = Object.entries(((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>);
      if (body.length > 0 && body.every(([, media]) => media.example === undefined && media.examples === undefined)) {
        missing.push(`${name} body ${body.map(([type]) => type).join(' or ')}`);
      }
      any ||= body.length > 0;
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        const content = (response.content ?? {}) as Record<string, Json>;
        if (/^2/.test(status) && Object.values(content).some((media) => media.example !== undefined)) any = true;
        const json = content['application/json'];
        if (!/^2/.test(status) || !json) continue;
        if (json.example === undefined && json.examples === undefined) missing.push(`${name} ${status} application/json`);
        any = true;
      }
      if (!any) missing.push(`${name}: nothing to show`);
    }
    expect(missing).toEqual([]);
  });

  it('shows examples that fit their own schemas', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const misfits: string[] = [];
    const check = (schema: unknown, example: unknown, where: string) => {
      if (example === undefined || !schema || typeof schema !== 'object') return;
      const validate = ajv.compile(schema as Json);
      if (!validate(example)) misfits.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    for (const [name, operation] of operations(doc)) {
      for (const parameter of (operation.parameters ?? []) as Json[]) check(parameter.schema, parameter.example, `${name} parameter ${parameter.name}`);
      const body = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
      if (body['application/json']) check(body['application/json'].schema, body['application/json'].example, `${name} body`);
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        const json = ((response.content ?? {}) as Record<string, Json>)['application/json'];
        if (json) check(json.schema, json.example, `${name} ${status}`);
      }
    }
    expect(misfits).toEqual([]);
  });

  it('describes every path parameter, with the graphics subject and format spelled out', () => {
    const bare = operations(doc).flatMap(([name, operation]) =>
      ((operation.parameters ?? []) as Json[]).filter((p) => p.in === 'path' && !p.description).map((p) => `${name} ${p.name}`),
    );
    expect(bare).toEqual([]);
    const image = (doc.paths as Record<string, Json>)['/v1/courses/{courseId}/graphics/images/{subject}/{format}'].get as Json;
    const [subject, format] = ['subject', 'format'].map((n) => (image.parameters as Json[]).find((p) => p.name === n && p.in === 'path') as Json);
    expect((format.schema as Json).enum).toEqual(['webp', 'png', 'jpeg', 'jpg']);
    expect(((subject.schema as Json).anyOf as Json[]).map((v) => v.const ?? v.pattern)).toEqual([
      'course',
      '^hole-[1-9][0-9]*$',
      '^green-[1-9][0-9]*$',
      '^profile-elevation-[1-9][0-9]*$',
    ]);
  });

  it('documents overlay items by type from the overlay declarations, and the descriptor and overlay answer in full', () => {
    const paths = doc.paths as Record<string, Json>;
    const overlays = paths['/v1/renders/{renderId}/overlays'].post as Json;
    const body = (((overlays.requestBody as Json).content as Json)['application/json'] as Json).schema as Json;
    const items = ((body.properties as Json).overlays as Json).items as Json;
    const types = (items.oneOf as Json[]).map((v) => ((v.properties as Json).type as Json).const);
    expect(types).toEqual(expect.arrayContaining(['hole-centerline', 'green-measurements', 'fairway-widths', 'hole-number']));
    expect(types.length).toBeGreaterThanOrEqual(16);
    const measurements = (items.oneOf as Json[]).find((v) => ((v.properties as Json).type as Json).const === 'green-measurements') as Json;
    expect(JSON.stringify(measurements)).toContain('endCapSize');
    const answer = (((overlays.responses as Json)['200'] as Json).content as Json)['application/json'] as Json;
    expect(JSON.stringify(answer.schema)).toContain('instructions');
    const created = ((((paths['/v1/courses/{courseId}/graphics/images'].post as Json).responses as Json)['201'] as Json).content as Json)[
      'application/json'
    ] as Json;
    expect((created.schema as Json).required).toEqual(['request', 'artifact', 'render', 'service', 'renderer']);
  });
});
