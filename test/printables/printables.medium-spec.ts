import type { INestApplicationContext } from '@nestjs/common';
import sharp from 'sharp';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { ApiKeysService } from '../../apps/api/src/platform/auth/api-keys.service';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { startRenderWorker } from '../support/render-worker-harness';

const COURSE = 'demo-cedar-links';
/** One letter page at 100 dpi: renders in about a second, yet goes through the whole flow. */
const SMALL = { template: 'hole-sheet@1', options: { hole: 2, dpi: 100 } };

describe.each(['sqlite', 'postgres'] as const)('printables API with a render worker on %s', (database) => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let owner: string;
  let reader: string;
  let stranger: string;

  beforeAll(async () => {
    api = await startApi({ database, env: { RENDER_WAIT_MS: '30000' } });
    const store = api.app.get(CoursesService).store;
    for (const c of generateDemoCourses()) await store.upsert(c, courseRevision(c));
    owner = (await api.createKey({ kind: 'live', scopes: ['printables:read', 'printables:write'] })).key;
    reader = (await api.createKey({ kind: 'live', scopes: ['printables:read'] })).key;
    const registry = api.app.get(ApiKeysService).registry;
    const other = await registry.createOrganization('Another print shop');
    stranger = (await registry.create({ name: 'other', kind: 'live', scopes: ['printables:read', 'printables:write'], organizationId: other.id })).key;
    worker = await startRenderWorker(api);
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, key: string, payload?: unknown, headers: Record<string, string> = {}) =>
    api.request({ method, url, headers: { 'x-api-key': key, ...headers }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const create = (payload: unknown, headers: Record<string, string> = {}, key = owner) => call('POST', `/v1/courses/${COURSE}/printables`, key, payload, headers);

  it('lists templates with their option schemas and answers 404 for an unknown version', async () => {
    const list = await call('GET', '/v1/printables/templates', reader);
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((t: { id: string }) => t.id);
    expect(ids).toEqual(expect.arrayContaining(['yardage-book@1', 'green-book@1', 'hole-sheet@1', 'pin-sheet@1', 'scorecard@1', 'course-poster@1']));
    const one = await call('GET', '/v1/printables/templates/yardage-book@1', reader);
    expect(one.json()).toMatchObject({ id: 'yardage-book@1', defaultPageSize: 'pocket', options: { type: 'object' } });
    expectProblem(await call('GET', '/v1/printables/templates/yardage-book@9', reader), 404, 'printable-template-not-found');
  });

  it('compiles without storing anything, and names what is wrong with a request', async () => {
    const compiled = await call('POST', `/v1/courses/${COURSE}/printables/compile`, reader, { template: 'yardage-book@1', previewPages: 1 });
    expect(compiled.statusCode).toBe(200);
    const body = compiled.json();
    expect(body.manifest).toMatchObject({ template: 'yardage-book@1', courseId: COURSE, rules: 'rule-4.3', page: { widthIn: 4.25, heightIn: 7 } });
    expect(body.previews).toHaveLength(1);
    const png = Buffer.from(body.previews[0].dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect((await sharp(png).metadata()).format).toBe('png');
    expect((await call('GET', `/v1/courses/${COURSE}/printables`, reader)).json().items).toEqual([]);

    const unknownOption = expectProblem(await call('POST', `/v1/courses/${COURSE}/printables/compile`, reader, { template: 'yardage-book@1', options: { glitter: true } }), 400, 'unknown-printable-option');
    expect(unknownOption.detail).toContain('glitter');
    expectProblem(await call('POST', `/v1/courses/${COURSE}/printables/compile`, reader, { template: 'nope@1' }), 404, 'printable-template-not-found');
    expectProblem(await call('POST', '/v1/courses/no-such-course/printables/compile', reader, { template: 'yardage-book@1' }), 404, 'course-not-found');
    expectProblem(await call('POST', `/v1/courses/${COURSE}/printables/compile`, reader, { template: 'hole-sheet@1', options: { rules: 'rule-4.3' } }), 422, 'printable-rule-4.3-violation');
  });

  it('needs printables:write and a private key to create', async () => {
    expectProblem(await create(SMALL, {}, reader), 403, 'insufficient-scope');
    expectProblem(await create(SMALL, { 'idempotency-key': 'short' }), 400, 'invalid-idempotency-key');
  });

  it('creates a printable through the render flow, replays its Idempotency-Key, and serves its package through signed links', async () => {
    const first = await create(SMALL, { 'idempotency-key': `key-${database}-0001` });
    expect(first.statusCode).toBe(201);
    const printable = first.json();
    expect(printable).toMatchObject({ courseId: COURSE, template: 'hole-sheet@1', options: { hole: 2, dpi: 100 }, status: 'ready', pages: { done: 1, total: 1 } });
    expect(first.headers.location).toBe(`/v1/printables/${printable.id}`);
    const pdf = await api.request({ method: 'GET', url: printable.links.pdf.replace('http://api.test', '') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const page = await api.request({ method: 'GET', url: printable.links.pages[0].replace('http://api.test', '') });
    expect((await sharp(page.rawPayload).metadata()).format).toBe('png');

    const replay = await create(SMALL, { 'idempotency-key': `key-${database}-0001` });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(printable.id);
    expectProblem(await create({ ...SMALL, options: { hole: 3, dpi: 100 } }, { 'idempotency-key': `key-${database}-0001` }), 409, 'idempotency-key-conflict');

    // the same content again is a new printable served from the stored package
    const again = await create(SMALL);
    expect(again.json()).toMatchObject({ status: 'ready' });
    expect(again.json().id).not.toBe(printable.id);
  }, 60_000);

  it('reads, lists, searches and deletes only within the organization; another organization gets 404 on every printable', async () => {
    const made = (await create({ template: 'hole-sheet@1', options: { hole: 4, dpi: 100 } })).json();
    const id = made.id as string;
    expect((await call('GET', `/v1/printables/${id}`, reader)).json()).toMatchObject({ id, status: 'ready', manifest: { template: 'hole-sheet@1' } });
    expect((await call('GET', `/v1/courses/${COURSE}/printables/${id}`, reader)).json().id).toBe(id);
    expectProblem(await call('GET', `/v1/courses/demo-pine-hollow/printables/${id}`, reader), 404, 'printable-not-found');

    const listed = (await call('GET', `/v1/courses/${COURSE}/printables?limit=2`, reader)).json();
    expect(listed.items[0].id).toBe(id);
    expect(listed.items).toHaveLength(2);
    expect(listed.nextCursor).toEqual(expect.any(String));
    const rest = (await call('GET', `/v1/courses/${COURSE}/printables?limit=2&cursor=${listed.nextCursor}`, reader)).json();
    expect(rest.items.map((p: { id: string }) => p.id)).not.toContain(id);
    expectProblem(await call('GET', `/v1/printables?cursor=garbage`, reader), 400, 'invalid-cursor');

    const search = async (query: string, key = reader) => (await call('GET', `/v1/printables?${query}`, key)).json().items.map((p: { id: string }) => p.id);
    expect(await search('q=CEDAR&status=ready&template=hole-sheet@1')).toContain(id);
    expect(await search('q=pine')).toEqual([]);
    expect(await search(`createdFrom=${encodeURIComponent(made.createdAt)}`)).toEqual([id]);
    expect(await search('status=failed')).toEqual([]);
    expectProblem(await call('GET', '/v1/printables?status=lost', reader), 400, 'invalid-parameter');

    expectProblem(await call('GET', `/v1/printables/${id}`, stranger), 404, 'printable-not-found');
    expectProblem(await call('GET', `/v1/courses/${COURSE}/printables/${id}`, stranger), 404, 'printable-not-found');
    expectProblem(await call('DELETE', `/v1/printables/${id}`, stranger), 404, 'printable-not-found');
    expect(await search('', stranger)).toEqual([]);
    expect((await call('GET', `/v1/courses/${COURSE}/printables`, stranger)).json().items).toEqual([]);

    const zipLink = (await call('GET', `/v1/printables/${id}`, reader)).json().links.zip.replace('http://api.test', '');
    expect((await api.request({ method: 'GET', url: zipLink })).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/printables/${id}`, owner)).statusCode).toBe(204);
    expect((await call('DELETE', `/v1/printables/${id}`, owner)).statusCode).toBe(204);
    expectProblem(await api.request({ method: 'GET', url: zipLink }), 404, 'artifact-not-found');
    expectProblem(await call('GET', `/v1/printables/${id}`, reader), 404, 'printable-not-found');
    expect(await search('')).not.toContain(id);
    expectProblem(await call('DELETE', '/v1/printables/prt_doesnotexist', owner), 404, 'printable-not-found');
  }, 60_000);

  it('lists course-printables and its operations in /v1/services', async () => {
    const services = (await api.request({ method: 'GET', url: '/v1/services' })).json();
    const entry = (Array.isArray(services) ? services : services.services).find((s: { id: string }) => s.id === 'course-printables');
    expect(entry.endpoints).toEqual(
      expect.arrayContaining([
        'POST /courses/{courseId}/printables/compile',
        'POST /courses/{courseId}/printables',
        'GET /courses/{courseId}/printables/{printableId}',
        'GET /courses/{courseId}/printables',
        'GET /printables/{printableId}',
        'GET /printables',
        'DELETE /printables/{printableId}',
      ]),
    );
  });
});
