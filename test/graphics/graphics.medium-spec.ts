import { createHash } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import sharp from 'sharp';
import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { RenderQueueService } from '../../apps/api/src/graphics/render-queue.service';
import { greenPrintScale, printScaleText } from '@caddie/renderer';
import { parseGraphicsQuery } from '@caddie/styles';
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
    // elevation from an SRTM-class model only: no putting-surface grids, a 70 x 93 m ground grid
    const ground = course.elevation.ground!;
    const srtm: Course = {
      ...course,
      id: 'demo-srtm-only',
      elevation: {
        ground: {
          ...ground,
          source: 'srtm3',
          precision: { nativeResolution: { eastWestMeters: 69.9, northSouthMeters: 92.8 }, verticalAccuracy: null, source: 'srtm3' },
        },
        greens: {},
        trees: null,
      },
    };
    await store.upsert(srtm, courseRevision(srtm));
    // a boundary kept for provenance with no mapped holes
    const boundary: Course = { ...course, id: 'demo-no-holes', name: 'Boundary only', holes: [], features: [] };
    await store.upsert(boundary, courseRevision(boundary));
    key = (await api.createKey({ kind: 'live', scopes: ['course-graphics:read'] })).key;
    worker = await startRenderWorker(api);
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await api.close();
  });

  const styleContext = () => ({ classification: course.classification, country: course.location.country, region: course.location.region });
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
      method: 'POST',
      url: `/v1/courses/${course.id}/graphics/images`,
      headers: { 'x-api-key': key },
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
    expect(`sha256:${createHash('sha256').update(image.rawPayload).digest('hex')}`).toBe(body.artifact.sha256);
    const equivalent = await get(`/v1/courses/${course.id}/graphics/images/green-3/webp?width=480&height=480`);
    expect(equivalent.headers['x-caddie-cache-state']).toBe('HIT');
    expect(equivalent.headers.etag).toBe(`"${body.artifact.sha256}"`);
    const legacy = await api.request({
      method: 'POST',
      url: `/v1/courses/${course.id}/maps/images`,
      headers: { 'x-api-key': key },
      payload: { subject: { type: 'green', holeNumber: 3 }, output: { format: 'webp', width: 480, height: 480 } },
    });
    expect(legacy.statusCode).toBe(201);
    expect(legacy.headers.deprecation).toMatch(/^@\d{10}$/);
    expect(legacy.headers.link).toBe(`</v1/courses/${course.id}/graphics/images>; rel="successor-version"`);
    expect(legacy.json().artifact).toMatchObject({ artifactKey: body.artifact.artifactKey, cacheState: 'HIT' });
  }, 60_000);

  it('serves print sizes at the requested dpi, with the resolution and an sRGB profile in the file', async () => {
    const response = await get(`/v1/courses/${course.id}/graphics/images/green-4/png?widthIn=2&heightIn=2&dpi=200`);
    expect(response.statusCode).toBe(200);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height, meta.density, meta.icc !== undefined]).toEqual([400, 400, 200, true]);
    const mixed = expectProblem(await get(`/v1/courses/${course.id}/graphics/images/green-4/png?width=400&heightIn=2`), 400, 'conflicting-parameters');
    expect(mixed.errors).toEqual([expect.objectContaining({ parameter: 'heightIn', detail: expect.stringContaining('width') })]);
  }, 60_000);
  it('states the print scale of a green in Caddie-Print-Scale, and with rules=rule-4.3 refuses a larger scale naming the largest conforming size', async () => {
    const base = `/v1/courses/${course.id}/graphics/images/green-4/png`;
    const print = await get(`${base}?widthIn=4&heightIn=4&dpi=300&greenPaddingMeters=2`);
    expect(print.statusCode).toBe(200);
    const request = parseGraphicsQuery('green-4', 'png', { widthIn: '4', heightIn: '4', dpi: '300', greenPaddingMeters: '2' }, styleContext());
    const expected = greenPrintScale(course, request);
    expect(print.headers['caddie-print-scale']).toBe(printScaleText(expected.denominator));
    expect(expected.denominator).toBeLessThan(480);
    const refused = expectProblem(await get(`${base}?widthIn=4&heightIn=4&dpi=300&greenPaddingMeters=2&rules=rule-4.3`), 422, 'green-scale-exceeds-rule-4.3');
    expect(refused).toMatchObject({ rule: 'rule-4.3', largestAllowedScale: '1:480', printScale: printScaleText(expected.denominator), dpi: 300 });
    expect(refused.detail).toMatch(/Rule 4\.3/);
    const { width, height } = expected.largestConforming;
    expect([refused.largestWidth, refused.largestHeight]).toEqual([width, height]);
    const conforming = await get(`${base}?width=${width}&height=${height}&dpi=300&greenPaddingMeters=2&rules=rule-4.3`);
    expect(conforming.statusCode).toBe(200);
    expect(Number(String(conforming.headers['caddie-print-scale']).slice(2))).toBeGreaterThanOrEqual(480);
    // holes state no scale
    expect((await get(`/v1/courses/${course.id}/graphics/images/hole-4/png?width=400&height=600`)).headers['caddie-print-scale']).toBeUndefined();
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-4/png?rules=rule-4.3`), 400, 'parameter-not-applicable');
  }, 120_000);

  it('POST refuses a body that is not a JSON object: null, an array, a string, and text/plain', async () => {
    const post = (payload: string, type: string) =>
      api.request({ method: 'POST', url: `/v1/courses/${course.id}/graphics/images`, headers: { 'x-api-key': key, 'content-type': type }, payload });
    for (const json of ['null', '[]', '"green-3"', '7']) {
      const body = expectProblem(await post(json, 'application/json'), 400, 'invalid-parameter');
      expect(body.errors).toEqual([expect.objectContaining({ parameter: 'body' })]);
    }
    expectProblem(await post('{"subject":{"type":"green","holeNumber":3}}', 'text/plain'), 415, 'unsupported-content-type');
    expectProblem(await post('null', 'text/plain; charset=utf-8'), 415, 'unsupported-content-type');
  });

  it('elevation profiles authorize no overlays', async () => {
    const response = await api.request({
      method: 'POST',
      url: `/v1/courses/${course.id}/graphics/images`,
      headers: { 'x-api-key': key },
      payload: { subject: { type: 'profile-elevation', holeNumber: 1 }, output: { format: 'png', width: 800, height: 320 } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().render.allowedOverlays).toEqual([]);
  }, 60_000);

  it('answers invalid and incompatible input with 400 codes naming the parameter', async () => {
    const pencil = expectProblem(
      await get(`/v1/courses/${course.id}/graphics/images/hole-1/webp?graphicStyle=pencil&housing=warm`),
      400,
      'incompatible-style-option',
    );
    expect(pencil.errors).toEqual([expect.objectContaining({ parameter: 'housing' })]);
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/course/webp?heatmap=elevation`), 400, 'parameter-not-applicable');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-01/webp`), 400, 'unsupported-subject');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-1/gif`), 400, 'unsupported-format');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-1/webp?width=9000`), 400, 'invalid-parameter');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-1/webp?width=8000&height=8000`), 400, 'graphic-too-large');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-1/webp?bogus=1`), 400, 'unknown-parameter');
    expectProblem(
      await api.request({ method: 'POST', url: `/v1/courses/${course.id}/graphics/images`, headers: { 'x-api-key': key }, payload: { courseId: course.id } }),
      400,
      'invalid-parameter',
    );
    expectProblem(await get('/v1/courses/no-course/graphics/images/hole-1/webp'), 404, 'course-not-found');
  });

  it('answers 422 naming what the course lacks, and FAILED is never cached', async () => {
    expectProblem(await get('/v1/courses/demo-no-elevation/graphics/images/profile-elevation-1/png'), 422, 'elevation-missing');
    expectProblem(await get(`/v1/courses/${course.id}/graphics/images/hole-40/webp`), 422, 'hole-not-found');
  }, 60_000);

  it('answers the stored artifact when the job that stored it is then reported failed (a worker that lost its lock after the upload)', async () => {
    const queue = api.app.get(RenderQueueService);
    // the real worker renders and stores; the outcome then reads as a lost job, as BullMQ reports one whose lock lapsed
    const wait = jest.spyOn(queue, 'wait').mockImplementation(async function (this: RenderQueueService, jobId: string, timeoutMs: number) {
      const real = await RenderQueueService.prototype.wait.call(this, jobId, timeoutMs);
      expect(real.state).toBe('done');
      return { state: 'failed', reason: 'job stalled more than allowable limit' };
    });
    try {
      const stored = await get(`/v1/courses/${course.id}/graphics/images/green-3/png?width=320&height=320`);
      expect(stored.statusCode).toBe(200);
      expect(stored.headers['x-caddie-cache-state']).toBe('MISS');
      expect((await sharp(stored.rawPayload).metadata()).width).toBe(320);
      expect(wait).toHaveBeenCalledTimes(1);
      // nothing stored: the same failure is a 500 render-failed
      const submit = jest.spyOn(queue, 'submit').mockResolvedValueOnce({ jobId: 'g-never-added', coalesced: false });
      wait.mockResolvedValueOnce({ state: 'failed', reason: 'job stalled more than allowable limit' });
      expectProblem(await get(`/v1/courses/${course.id}/graphics/images/green-4/png?width=320&height=320`), 500, 'render-failed');
      submit.mockRestore();
    } finally {
      wait.mockRestore();
    }
  }, 60_000);

  it('refuses a heatmap or slope arrows from SRTM-class elevation with 422 elevation-too-coarse naming both resolutions', async () => {
    const heatmap = expectProblem(await get('/v1/courses/demo-srtm-only/graphics/images/green-2/png?heatmap=elevation'), 422, 'elevation-too-coarse');
    expect(heatmap).toMatchObject({
      requiredResolutionMeters: 1,
      availableResolutionMeters: 92.8,
      availableResolution: { eastWestMeters: 69.9, northSouthMeters: 92.8 },
      elevationSource: 'srtm3',
    });
    expect(heatmap.detail).toContain('69.9 x 92.8 m');
    const arrows = await api.request({
      method: 'POST',
      url: '/v1/courses/demo-srtm-only/graphics/images',
      headers: { 'x-api-key': key },
      payload: { subject: { type: 'green', holeNumber: 2 }, greenData: { breaks: true } },
    });
    expect(expectProblem(arrows, 422, 'elevation-too-coarse')).toMatchObject({ requiredResolutionMeters: 1 });
    // the same green without surface data still renders
    expect((await get('/v1/courses/demo-srtm-only/graphics/images/green-2/png?width=400&height=400')).statusCode).toBe(200);
  }, 60_000);

  it('refuses hole-region points that coincide or lie far from the hole with 422 and a stable code, before rendering', async () => {
    const hole = course.holes[1];
    const [lon, lat] = hole.centerline[Math.floor(hole.centerline.length / 2)];
    const at = (metresNorth: number) => ({ source: 'coordinates', longitude: lon, latitude: lat + metresNorth / 111_320 });
    const post = (pointA: unknown, pointB: unknown) =>
      api.request({
        method: 'POST',
        url: `/v1/courses/${course.id}/graphics/images`,
        headers: { 'x-api-key': key },
        payload: { subject: { type: 'hole-region', holeNumber: hole.number }, output: { width: 480, height: 800 }, regionComposition: { pointA, pointB } },
      });
    const same = expectProblem(await post(at(0), at(0)), 422, 'region-points-coincide');
    expect(same.detail).toContain('0.0 m apart');
    expectProblem(await post(at(0), at(2)), 422, 'region-points-coincide');
    const far = expectProblem(await post(at(0), at(1_000_000)), 422, 'region-point-too-far');
    expect(far.detail).toMatch(/pointB lies \d+ km from hole 2/);
    // two real points still render
    const fine = await post(at(0), at(80));
    expect(fine.statusCode).toBe(201);
    expect(fine.json().artifact).toMatchObject({ width: 480, height: 800 });
  }, 60_000);

  it('answers graphics of a course without mapped holes as the summary does (404 course-not-found)', async () => {
    const both = (await api.createKey({ kind: 'live', scopes: ['courses:read', 'course-graphics:read'] })).key;
    const summary = expectProblem(
      await api.request({ method: 'GET', url: '/v1/courses/demo-no-holes', headers: { 'x-api-key': both } }),
      404,
      'course-not-found',
    );
    for (const url of ['/v1/courses/demo-no-holes/graphics/images/course/png', '/v1/courses/demo-no-holes/graphics/images/hole-1/webp']) {
      const problem = expectProblem(await api.request({ method: 'GET', url, headers: { 'x-api-key': both } }), 404, 'course-not-found');
      expect(problem.detail).toBe(summary.detail);
    }
    expectProblem(
      await api.request({
        method: 'POST',
        url: '/v1/courses/demo-no-holes/graphics/images',
        headers: { 'x-api-key': both },
        payload: { subject: { type: 'course' } },
      }),
      404,
      'course-not-found',
    );
  });

  it('refuses a private key sent with a browser Origin on every graphics route, and does not echo the Origin', async () => {
    const origin = 'https://shop.example.com';
    const browser = (await api.createKey({ kind: 'pk_live', scopes: ['course-graphics:browser'], origins: [origin] })).key;
    const routes = [
      { method: 'GET' as const, url: `/v1/courses/${course.id}/graphics/images/green-2/png?width=400&height=400` },
      { method: 'POST' as const, url: `/v1/courses/${course.id}/graphics/images`, payload: { subject: { type: 'green', holeNumber: 2 } } },
      { method: 'POST' as const, url: `/v1/renders/rnd_${'0'.repeat(64)}/overlays`, payload: { receipt: 'x', overlays: [{ type: 'flag' }] } },
    ];
    for (const route of routes) {
      const refused = await api.request({ ...route, headers: { 'x-api-key': key, origin } });
      expectProblem(refused, 403, 'browser-origin-not-allowed');
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
    const allowed = await api.request({ ...routes[0], headers: { 'x-api-key': browser, origin } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
  }, 60_000);

  it('lists the subjects a course offers, with default sizes, formats and the options of each subject type', async () => {
    const response = await get(`/v1/courses/${course.id}/graphics`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ courseId: course.id, formats: ['webp', 'png', 'jpeg', 'jpg'], dpi: { default: 300, minimum: 72, maximum: 1200 } });
    const subjects = body.subjects.map((s: { subject: string }) => s.subject);
    const holes = course.holes.map((h) => h.number).sort((a, b) => a - b);
    expect(subjects).toEqual(['course', ...holes.flatMap((n) => [`hole-${n}`, `green-${n}`, `profile-elevation-${n}`])]);
    const hole = body.subjects.find((s: { subject: string }) => s.subject === `hole-${holes[0]}`);
    expect(hole).toMatchObject({
      type: 'hole',
      holeNumber: holes[0],
      defaultSizes: { portrait: { width: 1440, height: 2400 }, landscape: { width: 2400, height: 1440 } },
    });
    expect(hole.imageUrl).toMatch(new RegExp(`/v1/courses/${course.id}/graphics/images/hole-${holes[0]}/\\{format\\}$`));
    expect(body.subjects.find((s: { type: string }) => s.type === 'profile-elevation').allowedOverlays).toEqual([]);
    expect(body.optionsBySubjectType.hole).toEqual(expect.arrayContaining(['layout', 'dpi', 'widthMm', 'nearbyHoles']));
    expect(body.optionsBySubjectType.green).toEqual(expect.arrayContaining(['breaks', 'greenGravity', 'dpi']));
    expect(body.optionsBySubjectType.green).not.toContain('layout');
    // greens state the scale of their default image (1200 x 1200 at 300 dpi)
    const green = body.subjects.find((s: { subject: string }) => s.subject === `green-${holes[0]}`);
    const defaults = parseGraphicsQuery(`green-${holes[0]}`, 'webp', {}, styleContext());
    expect(green.printScale).toBe(printScaleText(greenPrintScale(course, defaults).denominator));
    expect(hole.printScale).toBeUndefined();
    // no elevation model: no profiles offered
    const bare = (await get('/v1/courses/demo-no-elevation/graphics')).json();
    expect(bare.subjects.some((s: { type: string }) => s.type === 'profile-elevation')).toBe(false);
    expect(bare.subjects.some((s: { type: string }) => s.type === 'green')).toBe(true);
    expectProblem(await get('/v1/courses/demo-no-holes/graphics'), 404, 'course-not-found');
  });

  it('needs course-graphics:read', async () => {
    const other = (await api.createKey({ kind: 'live', scopes: ['courses:read'] })).key;
    expectProblem(
      await api.request({ method: 'GET', url: `/v1/courses/${course.id}/graphics/images/hole-1/webp`, headers: { 'x-api-key': other } }),
      403,
      'insufficient-scope',
    );
  });
});
