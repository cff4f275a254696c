import { readFileSync } from 'node:fs';
import { courseRevision, generateDemoCourses, importOsm, measureCourse, type Course } from '@caddie/catalog';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { courseSummarySchema, dataBundleSchema, directorySchema, nearbyResponseSchema } from '../../apps/api/src/courses/course-responses.schema';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { sharedDataPath, SHARED_DATA } from '../support/shared-data';
import { existsSync } from 'node:fs';
import { required } from '../support/requirements';

describe('course endpoints', () => {
  let api: ApiHarness;
  let demo: Course[];
  let full: string, identityOnly: string, publishable: string, noScope: string;

  beforeAll(async () => {
    api = await startApi();
    const store = api.app.get(CoursesService).store;
    demo = generateDemoCourses();
    for (const course of demo) await store.upsert(course, courseRevision(course));
    if (existsSync(SHARED_DATA)) {
      const { courses } = importOsm([{ name: 'augusta_national_us.osm', content: readFileSync(sharedDataPath('osm', 'augusta_national_us.osm')) }]);
      for (const course of courses) {
        const measured = { ...course, measurements: measureCourse(course) };
        await store.upsert(measured, courseRevision(measured));
      }
    }
    full = (await api.createKey({ kind: 'live', scopes: ['courses:read', 'course-data:read'], datasets: ['*'] })).key;
    identityOnly = (await api.createKey({ kind: 'live', scopes: ['courses:read', 'course-data:read'] })).key;
    publishable = (await api.createKey({ kind: 'pk_live', scopes: ['courses:read'], origins: ['https://app.example'] })).key;
    noScope = (await api.createKey({ kind: 'live', scopes: ['course-maps:read'] })).key;
  }, 60_000);
  afterAll(() => api.close());

  const get = (url: string, key = full, headers: Record<string, string> = {}) => api.request({ method: 'GET', url, headers: { 'x-api-key': key, ...headers } });

  it('GET /courses/{id} answers the CourseSummary exactly', async () => {
    const [pine] = demo;
    const response = await get(`/v1/courses/${pine.id}`);
    expect(response.statusCode).toBe(200);
    const body = courseSummarySchema.parse(response.json());
    expect(body).toMatchObject({ id: pine.id, name: pine.name, holeCount: pine.holes.length });
    expect(body.holes.every((h) => h.available)).toBe(true);
    expect(body.services.graphics).toEqual({ available: true, delivery: 'generated-on-demand' });
    expect(body.location.latitude).toBeCloseTo(pine.location.latitude!, 6);
  });

  it('answers unknown ids 404 and malformed ids 422', async () => {
    expectProblem(await get('/v1/courses/no-such-course'), 404, 'course-not-found');
    expectProblem(await get('/v1/courses/Bad_Id!'), 422, 'invalid-course-id');
    expectProblem(await get('/v1/courses/x'), 422, 'invalid-course-id');
  });

  it('answers 404 for a boundary without mapped holes, and leaves it out of the directory', async () => {
    const store = api.app.get(CoursesService).store;
    const bare = { ...demo[1], id: 'osm-way-1234', name: 'Bare boundary', active: false, holes: [], features: [] };
    await store.upsert(bare, courseRevision(bare));
    expectProblem(await get('/v1/courses/osm-way-1234'), 404, 'course-not-found');
    expect(directorySchema.parse((await get('/v1/courses/bulk-ids')).json()).courses.map((c) => c.id)).not.toContain('osm-way-1234');
  });

  it('keeps bulk-ids, {courseId} and {lon}/{lat} apart', async () => {
    expect(directorySchema.parse((await get('/v1/courses/bulk-ids')).json()).courses.length).toBeGreaterThanOrEqual(2);
    expect((await get(`/v1/courses/${demo[0].id}`)).json().id).toBe(demo[0].id);
    const lon = demo[0].location.longitude!;
    const lat = demo[0].location.latitude!;
    expect(nearbyResponseSchema.parse((await get(`/v1/courses/${lon}/${lat}`)).json()).courses[0].id).toBe(demo[0].id);
    expectProblem(await get('/v1/courses/181/0'), 400, 'invalid-parameter');
    expectProblem(await get('/v1/courses/abc/12'), 400, 'invalid-parameter');
    expectProblem(await get('/v1/courses/10/-90.5'), 400, 'invalid-parameter');
    expectProblem(await get('/v1/courses/1e3/2'), 400, 'invalid-parameter');
  });

  it('nearby search orders by distance, stays within 10 miles and returns at most 10', async () => {
    const lon = demo[0].location.longitude!;
    const lat = demo[0].location.latitude!;
    const body = nearbyResponseSchema.parse((await get(`/v1/courses/${lon + 0.05}/${lat}`)).json());
    expect(body).toMatchObject({ radiusMiles: 10, limit: 10, origin: { longitude: lon + 0.05, latitude: lat } });
    expect(body.courses[0].distanceMiles).toBeGreaterThan(1);
    expect(body.courses[0].distanceMiles).toBeLessThan(10);
    const far = nearbyResponseSchema.parse((await get('/v1/courses/0/0')).json());
    expect(far.courses).toEqual([]);
  });

  it('GET /courses/{id}/data defaults to identity and nests dotted keywords', async () => {
    const response = await get(`/v1/courses/${demo[0].id}/data`);
    const body = dataBundleSchema.parse(response.json());
    expect(body.revision).toBe(courseRevision(demo[0]));
    expect(body.meta).toEqual({
      complete: true,
      requestedDatasets: ['identity'],
      returnedDatasets: ['identity'],
      todoDatasets: [],
      deniedDatasets: [],
      requestedHoles: null,
      resolvedHoles: demo[0].holes.map((h) => h.number),
      spatialFilter: null,
    });
    const geometry = dataBundleSchema.parse((await get(`/v1/courses/${demo[0].id}/data?include=geometry,elevations,measurements.*`)).json());
    const data = geometry.data as { geometry: Record<string, { type: string; features: unknown[] }>; elevations: Record<string, unknown> };
    expect(Object.keys(data.geometry)).toHaveLength(16);
    expect(data.geometry.fairways.type).toBe('FeatureCollection');
    expect(data.geometry.fairways.features.length).toBeGreaterThan(10);
    expect(geometry.meta.requestedDatasets).toEqual(
      expect.arrayContaining(['geometry.greens', 'elevations.ground', 'elevations.trees', 'measurements.fairways']),
    );
    expect(geometry.meta.todoDatasets).toContain('elevations.trees');
    expect((data.elevations.trees as { status: string }).status).toBe('todo');
  });

  it('analyses putting surfaces on the same 2-ft grid the graphics use', async () => {
    const body = dataBundleSchema.parse((await get(`/v1/courses/${demo[0].id}/data?include=greens.analysis&holes=2`)).json());
    const [analysis] = (body.data as { greens: { analysis: Record<string, number>[] } }).greens.analysis;
    expect(analysis).toMatchObject({ holeNumber: 2 });
    expect(analysis.cells).toBeGreaterThan(500);
    expect(analysis.slopePercentMedian).toBeGreaterThan(0.5);
    expect(analysis.slopePercentMedian).toBeLessThan(8);
    expect(analysis.elevationRangeFeet).toBeGreaterThan(0.5);
  });

  it('reports datasets the key is not granted as denied, never their contents', async () => {
    const body = dataBundleSchema.parse((await get(`/v1/courses/${demo[0].id}/data?include=identity,geometry.greens,scorecard`, identityOnly)).json());
    // bundles list datasets in the spec's keyword order
    expect(body.meta.deniedDatasets).toEqual(['scorecard', 'geometry.greens']);
    expect(body.meta.returnedDatasets).toEqual(['identity']);
    expect(body.meta.complete).toBe(false);
    expect((body.data as { geometry: { greens: unknown } }).geometry.greens).toEqual({ status: 'denied', reason: 'not-granted', detail: expect.any(String) });
  });

  it('filters rows, assigned geometry, context geometry and elevation points by holes', async () => {
    const course = demo[0];
    const all = dataBundleSchema.parse((await get(`/v1/courses/${course.id}/data?include=scorecard,geometry,elevations.ground`)).json());
    const one = dataBundleSchema.parse((await get(`/v1/courses/${course.id}/data?include=scorecard,geometry,elevations.ground&holes=3,1`)).json());
    expect(one.meta).toMatchObject({ requestedHoles: [1, 3], resolvedHoles: [1, 3], spatialFilter: { method: 'hole-bounds', contextBufferMeters: 50 } });
    const rows = (one.data as { scorecard: { holes: { number: number }[] } }).scorecard.holes;
    expect(rows.map((r) => r.number)).toEqual([1, 3]);
    type FC = { features: { properties: { holeNumbers: number[] } }[] };
    const greensOne = (one.data as { geometry: Record<string, FC> }).geometry.greens.features;
    expect(greensOne.length).toBeGreaterThanOrEqual(2);
    // Greens of other holes stay out; an unnumbered practice green near hole 1 comes as context.
    expect(greensOne.filter((f) => f.properties.holeNumbers.length > 0).length).toBeGreaterThanOrEqual(2);
    expect(greensOne.every((f) => f.properties.holeNumbers.length === 0 || f.properties.holeNumbers.some((n) => n === 1 || n === 3))).toBe(true);
    const countAll = Object.values((all.data as { geometry: Record<string, FC> }).geometry).reduce((n, fc) => n + fc.features.length, 0);
    const countOne = Object.values((one.data as { geometry: Record<string, FC> }).geometry).reduce((n, fc) => n + fc.features.length, 0);
    expect(countOne).toBeLessThan(countAll);
    type Grid = { ground: { grid: { width: number; height: number; values: unknown[] }; greens: Record<string, unknown> } };
    const gridAll = (all.data as { elevations: Grid }).elevations.ground.grid;
    const gridOne = (one.data as { elevations: Grid }).elevations.ground.grid;
    expect(Object.keys((one.data as { elevations: Grid }).elevations.ground.greens).sort()).toEqual(['1', '3']);
    expect(gridOne.values.length).toBe(gridOne.width * gridOne.height);
    expect(gridOne.values.length).toBeLessThan(gridAll.values.length);
  });

  it('rejects a bad holes filter, unknown holes and unknown datasets', async () => {
    const id = demo[0].id;
    expectProblem(await get(`/v1/courses/${id}/data?holes=0`), 400, 'invalid-parameter');
    expectProblem(await get(`/v1/courses/${id}/data?holes=01`), 400, 'invalid-parameter');
    expectProblem(await get(`/v1/courses/${id}/data?holes=1,,2`), 400, 'invalid-parameter');
    expectProblem(await get(`/v1/courses/${id}/data?holes=1;2`), 400, 'invalid-parameter');
    expectProblem(await get(`/v1/courses/${id}/data?holes=19`), 400, 'unknown-hole');
    const body = expectProblem(await get(`/v1/courses/${id}/data?include=identity,secrets&holes=x`), 400, 'invalid-parameter');
    expect((body.errors as { parameter: string }[]).map((e) => e.parameter).sort()).toEqual(['holes', 'include']);
  });

  it('is server-to-server: publishable keys and browser origins are refused', async () => {
    expectProblem(await get(`/v1/courses/${demo[0].id}/data`, publishable, { origin: 'https://app.example' }), 403, 'publishable-key-not-allowed');
    expectProblem(await get(`/v1/courses/${demo[0].id}/data`, full, { origin: 'https://app.example' }), 403, 'browser-origin-not-allowed');
    expectProblem(await get(`/v1/courses/${demo[0].id}`, noScope), 403, 'insufficient-scope');
    expect((await get(`/v1/courses/${demo[0].id}`, publishable, { origin: 'https://app.example' })).statusCode).toBe(200);
  });

  (required(`the shared data (${SHARED_DATA})`, existsSync(SHARED_DATA)) ? it : it.skip)(
    'serves an imported OSM course (Augusta National) through the same schemas',
    async () => {
      const directory = directorySchema.parse((await get('/v1/courses/bulk-ids')).json());
      const augusta = directory.courses.find((c) => /augusta national/i.test(c.name));
      expect(augusta).toBeDefined();
      const summary = courseSummarySchema.parse((await get(`/v1/courses/${augusta!.id}`)).json());
      expect(summary.holeCount).toBe(18);
      const bundle = dataBundleSchema.parse((await get(`/v1/courses/${augusta!.id}/data?include=scorecard,elevations,provenance&holes=12`)).json());
      const scorecard = bundle.data.scorecard as { holes: { number: number; par: number; handicap: number }[] };
      expect(scorecard.holes).toEqual([expect.objectContaining({ number: 12, par: 3, handicap: 16 })]);
      expect(bundle.meta.todoDatasets).toEqual(['elevations.ground', 'elevations.trees']);
      expect(JSON.stringify(bundle.data.provenance)).toContain('OpenStreetMap');
    },
  );

  it('is described in the OpenAPI document', async () => {
    const doc = (await api.request({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.paths['/v1/courses/{courseId}/data'].get['x-access']).toBe('private-key');
    expect(doc.paths['/v1/courses/{longitude}/{latitude}'].get.operationId).toBe('findNearbyCourses');
    // the contract's shape, and the incremental form (since) declared beside it
    const directory = doc.paths['/v1/courses/bulk-ids'].get;
    const shapes = directory.responses['200'].content['application/json'].schema.anyOf as { properties: Record<string, unknown> }[];
    expect(shapes.map((s) => Object.keys(s.properties).sort())).toEqual([['courses'], ['change', 'courses', 'removed']]);
    expect(directory.parameters.map((p: { name: string }) => p.name)).toEqual(['since']);
    expect(Object.keys(directory.responses)).toEqual(expect.arrayContaining(['200', '304', '400']));
  });
});
