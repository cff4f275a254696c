import type { INestApplicationContext } from '@nestjs/common';
import sharp from 'sharp';
import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { startRenderWorker } from '../support/render-worker-harness';

describe('graphics API with a render worker', () => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let key: string;
  let course: Course;

  beforeAll(async () => {
    api = await startApi({ env: { RENDER_WAIT_MS: '60000' } });
    const store = api.app.get(CoursesService).store;
    const courses = generateDemoCourses();
    course = courses[1];
    for (const c of courses) await store.upsert(c, courseRevision(c));
    const bare: Course = { ...course, id: 'demo-no-elevation', elevation: { ground: null, greens: {}, trees: null } };
    await store.upsert(bare, courseRevision(bare));
    key = (await api.createKey({ kind: 'live', scopes: ['course-graphics:read'] })).key;
    worker = await startRenderWorker(api);
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await api.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => api.request({ method: 'GET', url, headers: { 'x-api-key': key, ...headers } });

  it('renders a green once (MISS), then serves it from the store (HIT) with ETag and Cache-Status', async () => {
    const url = `/v1/courses/${course.id}/graphics/images/green-2/png?width=400&height=400`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['x-caddie-cache-state']).toBe('MISS');
    expect(first.headers['cache-status']).toBe('caddie; fwd=miss; stored');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);
    const second = await get(url);
    expect(second.headers['x-caddie-cache-state']).toBe('HIT');
    expect(second.headers['cache-status']).toBe('caddie; hit');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers.etag).toMatch(/^"sha256:[0-9a-f]{64}"$/);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await get(url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  }, 60_000);

  it('POST returns exactly the GraphicRenderDescriptor, and an equivalent GET hits the same artifact', async () => {
    const response = await api.request({
      method: 'POST', url: `/v1/courses/${course.id}/graphics/images`, headers: { 'x-api-key': key },
      payload: { subject: { type: 'green', holeNumber: 3 }, output: { format: 'webp', width: 480, height: 480 } },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['artifact', 'render', 'renderer', 'request', 'service']);
    expect(body.service).toBe('course-graphics');
    expect(body.artifact).toMatchObject({ contentType: 'image/webp', width: 480, height: 480, cacheState: 'MISS', delivery: 'signed-cdn' });
    expect(body.artifact.artifactKey).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(body.artifact.sha256).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(Date.parse(body.artifact.deliveryExpiresAt)).toBeGreaterThan(Date.now());
    expect(body.render.id).toMatch(/^rnd_[A-Za-z0-9_-]+$/);
    expect(body.render.allowedOverlays).toContain('green-measurements');
    const image = await api.request({ method: 'GET', url: body.artifact.imageUrl.replace('http://api.test', '') });
    expect(image.statusCode).toBe(200);
    expect(`sha256:${require('node:crypto').createHash('sha256').update(image.rawPayload).digest('hex')}`).toBe(body.artifact.sha256);
    const equivalent = await get(`/v1/courses/${course.id}/graphics/images/green-3/webp?width=480&height=480`);
    expect(equivalent.headers['x-caddie-cache-state']).toBe('HIT');
    expect(equivalent.headers.etag).toBe(`"${body.artifact.sha256}"`);
    const legacy = await api.request({ method: 'POST', url: `/v1/courses/${course.id}/maps/images`, headers: { 'x-api-key': key }, payload: { subject: { type: 'green', holeNumber: 3 }, output: { format: 'webp', width: 480, height: 480 } } });
    expect(legacy.statusCode).toBe(201);
    expect(legacy.headers.deprecation).toMatch(/^@\d{10}$/);
    expect(legacy.headers.link).toBe(`</v1/courses/${course.id}/graphics/images>; rel="successor-version"`);
    expect(legacy.json().artifact).toMatchObject({ artifactKey: body.artifact.artifactKey, cacheState: 'HIT' });
  }, 60_000);

  it('POST refuses a body that is not a JSON object: null, an array, a string, and text/plain', async () => {
    const post = (payload: string, type: string) => api.request({ method: 'POST', url: `/v1/courses/${course.id}/graphics/images`, headers: { 'x-api-key': key, 'content-type': type }, payload });
    for (const json of ['null', '[]', '"green-3"', '7']) {
      const body = expectProblem(await post(json, 'application/json'), 400, 'invalid-parameter');
      expect(body.errors).toEqual([expect.objectContaining({ parameter: 'body' })]);
    }
    expectProblem(await post('{"subject":{"type":"green","holeNumber":3}}', 'text/plain'), 415, 'unsupported-content-type');
    expectProblem(await post('null', 'text/plain; charset=utf-8'), 415, 'unsupported-content-type');
  });

  it('elevation profiles authorize no overlays', async () => {
    const response = await api.request({
      method: 'POST', url: `/v1/courses/${course.id}/graphics/images`, headers: { 'x-api-key': key },
      payload: { subject: { type: 'profile-elevation', holeNumber: 1 }, output: { format: 'png', width: 800, height: 320 } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().render.allowedOverlays).toEqual([]);
  }, 60_000);

  it('answers invalid and incompatible input with 400 codes naming the parameter', async () => {
    const pencil = expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-1/webp?graphicStyle=pencil&housing=warm`), 400, 'incompatible-style-option');
    expect(pencil.errors).toEqual([expect.objectContaining({ parameter: 'housing' })]);
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/course/webp?heatmap=elevation`), 400, 'parameter-not-applicable');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-01/webp`), 400, 'unsupported-subject');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-1/gif`), 400, 'unsupported-format');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-1/webp?width=9000`), 400, 'invalid-parameter');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-1/webp?width=8000&height=8000`), 400, 'graphic-too-large');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-1/webp?bogus=1`), 400, 'unknown-parameter');
    expectProblem(await api.request({ method: 'POST', url: `/v1/courses/${course.id}/graphics/images`, headers: { 'x-api-key': key }, payload: { courseId: course.id } }), 400, 'invalid-parameter');
    expectProblem(await get('/v1/courses/no-course/graphics/images/hole-1/webp'), 404, 'course-not-found');
  });

  it('answers 422 naming what the course lacks, and FAILED is never cached', async () => {
    expectProblem(await get('/v1/courses/demo-no-elevation/graphics/images/profile-elevation-1/png'), 422, 'elevation-missing');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-40/webp`), 422, 'hole-not-found');
  }, 60_000);

  it('needs course-graphics:read', async () => {
    const other = (await api.createKey({ kind: 'live', scopes: ['courses:read'] })).key;
    expectProblem(await api.request({ method: 'GET', url: `/v1/courses/${course.id}/graphics/images/hole-1/webp`, headers: { 'x-api-key': other } }), 403, 'insufficient-scope');
  });
});
