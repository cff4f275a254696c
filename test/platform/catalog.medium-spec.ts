import Ajv2020 from 'ajv/dist/2020';
import { describeGraphicsOptions, GRAPHICS_OPTIONS_DOCUMENT_SCHEMA } from '@caddie/styles';
import { QUEUE_NAMES } from '@caddie/jobs';
import { CONSUMER_CHECK_CACHE_MS } from '../../apps/api/src/platform/redis/queue-consumers';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { idleConsumer } from '../support/idle-consumer';

describe('service catalog, OpenAPI and operations endpoints', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('GET /v1/services returns the four entries of the spec, in its shape', async () => {
    const response = await api.request({ method: 'GET', url: '/v1/services' });
    expect(response.statusCode).toBe(200);
    const { services } = response.json() as { services: Record<string, unknown>[] };
    expect(services.map((s) => s.id)).toEqual(['course-graphics', 'course-maps', 'course-printables', 'scorecards']);
    expect(Object.fromEntries(services.map((s) => [s.id, s.status]))).toEqual({
      'course-graphics': 'beta',
      'course-maps': 'beta',
      'course-printables': 'production',
      scorecards: 'beta',
    });
    for (const service of services) {
      expect(Object.keys(service).sort()).toEqual(['description', 'endpoints', 'id', 'links', 'name', 'status']);
      expect(service.links).toEqual({ service: expect.stringMatching(/^http:\/\/api\.test\//), docs: expect.stringMatching(/^http:\/\/api\.test\/docs/) });
      for (const endpoint of service.endpoints as string[]) expect(endpoint).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/\S+$/);
    }
  });

  it('serves an OpenAPI 3.1 document of the routes, with the problem schema and security schemes', async () => {
    const doc = (await api.request({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0-beta.1');
    expect(doc.paths['/v1/services'].get.operationId).toBe('listServices');
    expect(doc.paths['/health'].get.operationId).toBe('getHealth');
    expect(doc.paths['/docs']).toBeUndefined();
    expect(doc.components.securitySchemes).toHaveProperty('ApiKeyHeader');
    expect(doc.components.schemas.Problem.properties.code.enum).toContain('credential-in-query');
    expect(doc.paths['/v1/problems/{code}'].get.parameters[0]).toMatchObject({ name: 'code', in: 'path', required: true });
  });

  it('serves the interactive docs page and its assets', async () => {
    const page = await api.request({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/v1/openapi.json');
    // navigation grouped by service, each operation a Swagger UI deep link
    const groups = [...page.body.matchAll(/<h2><a href="#\/([^"]+)">([^<]+)<\/a><\/h2>/g)].map((m) => m[2]);
    expect(groups).toEqual(expect.arrayContaining(['Course Graphics', 'Course Maps', 'Courses', 'Catalog', 'Operations']));
    const graphics = page.body.slice(page.body.indexOf('>Course Graphics<'), page.body.indexOf('>Course Maps<'));
    expect(graphics).toContain('href="#/Course_Graphics/getGraphicImage"');
    expect(graphics).toContain('href="#/Course_Graphics/listCourseGraphics"');
    expect(graphics).not.toContain('getMapTilePlan');
    const services = (await api.request({ method: 'GET', url: '/v1/services/course-graphics' })).json();
    expect(services.links.docs).toMatch(/\/docs#\/Course_Graphics$/);
    const asset = await api.request({ method: 'GET', url: '/docs/assets/swagger-ui-bundle.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body.length).toBeGreaterThan(100_000);
  });

  it('GET /v1/styles lists the graphics options from the same table that validates requests', async () => {
    const response = await api.request({ method: 'GET', url: '/v1/styles' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual(JSON.parse(JSON.stringify(describeGraphicsOptions())));
    const validate = new Ajv2020({ strict: false }).compile(GRAPHICS_OPTIONS_DOCUMENT_SCHEMA);
    expect(validate(body)).toBe(true);
    expect(JSON.stringify(body)).toContain('fairwayPattern');
  });

  it('dereferences problem types', async () => {
    const response = await api.request({ method: 'GET', url: '/v1/problems/rate-limited' });
    expect(response.json()).toMatchObject({ code: 'rate-limited', status: 429 });
  });

  it('reports not ready while a queue has no live consumer, naming the queue', async () => {
    const render = await idleConsumer(api, 'render');
    try {
      const ready = await api.request({ method: 'GET', url: '/ready' });
      expect(expectProblem(ready, 503, 'not-ready')).toMatchObject({
        checks: { redis: { status: 'ok' } },
        queues: { render: 'ok', 'render-batch': 'no-consumer', scorecard: 'no-consumer' },
      });
    } finally {
      await render.close();
    }
    // the answer is reused for CONSUMER_CHECK_CACHE_MS
    await new Promise((resolve) => setTimeout(resolve, CONSUMER_CHECK_CACHE_MS + 50));
  });

  it('reports liveness, readiness of each dependency and queue, and Prometheus metrics to operators only', async () => {
    expect((await api.request({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    const consumers = await Promise.all(QUEUE_NAMES.map((name) => idleConsumer(api, name)));
    const ready = await api.request({ method: 'GET', url: '/ready' }).finally(() => Promise.all(consumers.map((c) => c.close())));
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: { status: 'ok' }, redis: { status: 'ok' }, artifactStore: { status: 'ok' } },
      queues: { render: 'ok', 'render-batch': 'ok', scorecard: 'ok' },
    });
    expectProblem(await api.request({ method: 'GET', url: '/metrics' }), 401, 'missing-credential');
    const other = (await api.createKey({ kind: 'live', scopes: ['courses:read'] })).key;
    expectProblem(await api.request({ method: 'GET', url: '/metrics', headers: { 'x-api-key': other } }), 403, 'insufficient-scope');
    const operator = (await api.createKey({ kind: 'live', scopes: ['operations:read'] })).key;
    const metrics = await api.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${operator}` } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('caddie_http_request_duration_seconds_bucket');
    expect(metrics.body).toMatch(/caddie_queue_jobs\{queue="render",state="waiting"\} \d+/);
  });
});

describe('readiness when a dependency is down', () => {
  it('answers 503 naming the failed check', async () => {
    const api = await startApi({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const ready = await api.request({ method: 'GET', url: '/ready' });
      expect(expectProblem(ready, 503, 'not-ready')).toMatchObject({
        checks: { redis: { status: 'failed', reason: expect.stringMatching(/^(timeout|error)$/) }, database: { status: 'ok' } },
      });
      expect(ready.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|ioredis/);
    } finally {
      // shutting down must not hang while Redis is unreachable
      await api.app.close();
    }
  }, 20_000);
});
