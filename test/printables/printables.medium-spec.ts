import type { INestApplicationContext } from '@nestjs/common';
import sharp from 'sharp';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { ApiKeysService } from '../../apps/api/src/platform/auth/api-keys.service';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { startRenderWorker } from '../support/render-worker-harness';
import { Queue } from 'bullmq';
import type { ArtifactStore } from '@caddie/artifacts';
import { printablePackageObjects, redisOptionsFromUrl } from '@caddie/jobs';
import { ARTIFACT_STORE } from '../../apps/api/src/platform/storage/artifact-store.provider';

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
  const create = (payload: unknown, headers: Record<string, string> = {}, key = owner) =>
    call('POST', `/v1/courses/${COURSE}/printables`, key, payload, headers);

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

    const unknownOption = expectProblem(
      await call('POST', `/v1/courses/${COURSE}/printables/compile`, reader, { template: 'yardage-book@1', options: { glitter: true } }),
      400,
      'unknown-printable-option',
    );
    expect(unknownOption.detail).toContain('glitter');
    expectProblem(await call('POST', `/v1/courses/${COURSE}/printables/compile`, reader, { template: 'nope@1' }), 404, 'printable-template-not-found');
    expectProblem(await call('POST', '/v1/courses/no-such-course/printables/compile', reader, { template: 'yardage-book@1' }), 404, 'course-not-found');
    expectProblem(
      await call('POST', `/v1/courses/${COURSE}/printables/compile`, reader, { template: 'hole-sheet@1', options: { rules: 'rule-4.3' } }),
      422,
      'printable-rule-4.3-violation',
    );
    // options the render could not honour are refused here, at compile, not by a render worker later
    const unrenderable = expectProblem(
      await call('POST', `/v1/courses/${COURSE}/printables/compile`, reader, { template: 'hole-sheet@1', options: { dpi: 72 } }),
      422,
      'printable-options-unrenderable',
    );
    expect((unrenderable.reasons as string[]).join(' ')).toMatch(/hole artwork.*below the renderer's 320 px/);
  });

  it('refuses at create, with nothing queued, options a render could not honour', async () => {
    const refused = await create({ template: 'hole-sheet@1', options: { hole: 3, dpi: 72 } }, { 'idempotency-key': `key-${database}-dpi72` });
    expectProblem(refused, 422, 'printable-options-unrenderable');
    expectProblem(await create({ template: 'course-poster@1', options: { dpi: 600 } }), 422, 'printable-options-unrenderable');
    expect((await call('GET', `/v1/courses/${COURSE}/printables`, owner)).json().items).toEqual([]);
  });

  it('needs printables:write and a private key to create', async () => {
    expectProblem(await create(SMALL, {}, reader), 403, 'insufficient-scope');
    expectProblem(await create(SMALL, { 'idempotency-key': 'short' }), 400, 'invalid-idempotency-key');
  });

  it('creates a printable through the render flow, replays its Idempotency-Key, and serves its package through signed links', async () => {
    const first = await create(SMALL, { 'idempotency-key': `key-${database}-0001` });
    expect(first.statusCode).toBe(201);
    const printable = first.json();
    expect(printable).toMatchObject({
      courseId: COURSE,
      template: 'hole-sheet@1',
      options: { hole: 2, dpi: 100 },
      status: 'ready',
      pages: { done: 1, total: 1 },
    });
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

  it('stops the render of a printable deleted while it renders: no job left waiting, no artifact written afterwards', async () => {
    // a green book of nine 300-dpi pages keeps the single worker busy for seconds
    const pending = create({ template: 'green-book@1', options: { rules: 'none', dpi: 300 } });
    type Row = { id: string; status: string };
    const inFlight = async (): Promise<Row | undefined> =>
      ((await call('GET', `/v1/courses/${COURSE}/printables`, owner)).json().items as Row[]).find((p) => p.status === 'rendering' || p.status === 'queued');
    let row = await inFlight();
    for (let i = 0; i < 300 && !row; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      row = await inFlight();
    }
    expect(row).toBeDefined();
    const { contentKey } = (
      await call('POST', `/v1/courses/${COURSE}/printables/compile`, owner, { template: 'green-book@1', options: { rules: 'none', dpi: 300 }, previewPages: 0 })
    ).json() as { contentKey: string };
    expect(contentKey).toMatch(/^sha256:/);
    expect((await call('DELETE', `/v1/printables/${row!.id}`, owner)).statusCode).toBe(204);
    const answered = await pending;
    expect(answered.statusCode === 201 || answered.headers['content-type']?.toString().startsWith('application/problem+json')).toBe(true);

    // the page the worker held ends on the deletion mark; nothing else runs
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const queue = new Queue('render', { connection: redisOptionsFromUrl(api.config.env.REDIS_URL), prefix: api.config.env.REDIS_PREFIX });
    try {
      const jobs = (await queue.getJobs(['waiting', 'delayed', 'active', 'waiting-children', 'prioritized', 'completed'])).filter(
        (j) => j.data?.contentKey === contentKey,
      );
      expect(jobs.map((j) => j.name)).toEqual([]);
    } finally {
      await queue.close();
    }
    // nothing of the package is in the store
    const store = api.app.get<ArtifactStore>(ARTIFACT_STORE);
    const organizationId = (await api.app.get(ApiKeysService).registry.findByPlaintext(owner))!.organizationId;
    for (const key of printablePackageObjects(organizationId, contentKey, 9))
      expect({ key, stored: Boolean(await store.head(key)) }).toEqual({ key, stored: false });
    expectProblem(await call('GET', `/v1/printables/${row!.id}`, owner), 404, 'printable-not-found');
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
