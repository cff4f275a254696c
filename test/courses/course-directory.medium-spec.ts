import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';
import { CourseStore } from '@caddie/persistence';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { DIRECTORY_RECHECK_MS } from '../../apps/api/src/courses/course-directory';
import { directoryChangesSchema, directorySchema } from '../../apps/api/src/courses/course-responses.schema';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { fastLaneComparison } from '../support/fast-lane-comparison';

/** A demo course under another id and name (the directory only reads id, name and location). */
const variant = (base: Course, id: string, name: string): Course => ({ ...base, id, name });

describe.each(['sqlite', 'postgres'] as const)('the course directory (%s)', (database) => {
  let api: ApiHarness;
  let store: CourseStore;
  let key: string;
  let base: Course;
  const upsert = (course: Course) => store.upsert(course, courseRevision(course));
  const get = (headers: Record<string, string> = {}, query = '') =>
    api.request({ method: 'GET', url: `/v1/courses/bulk-ids${query}`, headers: { 'x-api-key': key, ...headers } });

  beforeAll(async () => {
    // key verdicts cached as in production, so repeated requests reach the fast lane
    api = await startApi({ database, env: { API_KEY_CACHE_SECONDS: '30' } });
    store = api.app.get(CoursesService).store;
    base = generateDemoCourses()[0];
    // names out of id order, and two equal names, to see the directory order
    for (const [id, name] of [
      ['dir-c', 'Alder Park'],
      ['dir-a', 'Birch Run'],
      ['dir-b', 'Alder Park'],
      ['dir-d', 'Cedar Hill'],
    ])
      await upsert(variant(base, id, name));
    key = (await api.createKey({ kind: 'live', scopes: ['courses:read'] })).key;
  }, 60_000);
  afterAll(() => api.close());
  afterEach(() => jest.restoreAllMocks());

  it('answers the contract shape, by name then id, with a strong ETag, Cache-Control, Vary and the catalog change', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    const body = directorySchema.parse(response.json());
    expect(body.courses.map((c) => c.id)).toEqual(['dir-b', 'dir-c', 'dir-a', 'dir-d']);
    expect(body.courses[0]).toEqual({ id: 'dir-b', name: 'Alder Park', location: base.location });
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(response.headers['cache-control']).toBe('private, max-age=60, must-revalidate');
    expect(String(response.headers.vary)).toMatch(/Accept-Encoding/);
    expect(Number(response.headers['x-caddie-catalog-change'])).toBe(await store.catalogChange());
  });

  it('sends gzip and brotli per Accept-Encoding, each the same JSON under its own ETag', async () => {
    const plain = await get();
    const zipped = await get({ 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.payload);
    expect(zipped.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gzip"`);
    // brotli follows the gzip copy (it takes longer); until then a br client gets gzip
    let brotli = await get({ 'accept-encoding': 'br, gzip' });
    for (let i = 0; i < 100 && brotli.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      brotli = await get({ 'accept-encoding': 'br, gzip' });
    }
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.payload);
    expect(new Set([plain.headers.etag, zipped.headers.etag, brotli.headers.etag]).size).toBe(3);
    expect((await get({ 'accept-encoding': 'gzip;q=0, identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to If-None-Match with any coding’s tag, and 200 with a new tag once the catalog changes', async () => {
    const first = await get({ 'accept-encoding': 'gzip' });
    const tag = String(first.headers.etag);
    const notModified = await get({ 'accept-encoding': 'gzip', 'if-none-match': tag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(tag);
    expect((await get({ 'if-none-match': `"other", ${tag}` })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    await upsert(variant(base, 'dir-e', 'Aspen Ridge'));
    const changed = await get({ 'accept-encoding': 'gzip', 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(Number(changed.headers['x-caddie-catalog-change'])).toBeGreaterThan(Number(first.headers['x-caddie-catalog-change']));
    expect(directorySchema.parse(JSON.parse(gunzipSync(changed.rawPayload).toString())).courses.map((c) => c.id)).toContain('dir-e');
  });

  it('reads the catalog once per change, however many callers, and not again while it stands', async () => {
    await upsert(variant(base, 'dir-f', 'Fir Glen'));
    const reads = jest.spyOn(CourseStore.prototype, 'directoryPage');
    const answers = await Promise.all(Array.from({ length: 8 }, () => get({ 'accept-encoding': 'gzip' })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(reads).toHaveBeenCalledTimes(1);
    await get();
    await get({ 'accept-encoding': 'br' });
    expect(reads).toHaveBeenCalledTimes(1);
    // an identical re-import is no change: nothing is rebuilt
    await upsert(variant(base, 'dir-f', 'Fir Glen'));
    await get();
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('pages in directory order without loss or repeat', async () => {
    const whole = directorySchema.parse((await get()).json()).courses.map((c) => c.id);
    const paged: string[] = [];
    for (let after: { name: string; id: string } | null = null; ;) {
      const page = await store.directoryPage(after, 2);
      paged.push(...page.map((c) => c.id));
      if (page.length < 2) break;
      after = page[page.length - 1];
    }
    expect(paged).toEqual(whole);
  });

  it('answers what changed since a catalog change: courses added or changed, ids no longer listed', async () => {
    const start = await get();
    const since = Number(start.headers['x-caddie-catalog-change']);
    const none = directoryChangesSchema.parse((await get({}, `?since=${since}`)).json());
    expect(none).toEqual({ change: since, courses: [], removed: [] });
    await upsert(variant(base, 'dir-g', 'Gum Creek'));
    await upsert(variant(base, 'dir-a', 'Birch Run North'));
    await upsert({ ...variant(base, 'dir-c', 'Alder Park'), active: false });
    const response = await get({}, `?since=${since}`);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const changes = directoryChangesSchema.parse(response.json());
    expect(changes.change).toBe(since + 3);
    expect(Number(response.headers['x-caddie-catalog-change'])).toBe(changes.change);
    expect(changes.courses.map((c) => [c.id, c.name])).toEqual([
      ['dir-a', 'Birch Run North'],
      ['dir-g', 'Gum Creek'],
    ]);
    expect(changes.removed).toEqual(['dir-c']);
    // a client applying the changes holds what the whole directory now lists
    const synced = new Map(directorySchema.parse(start.json()).courses.map((c) => [c.id, c]));
    for (const id of changes.removed) synced.delete(id);
    for (const c of changes.courses) synced.set(c.id, c);
    const now = directorySchema.parse((await get()).json()).courses;
    expect([...synced.keys()].sort()).toEqual(now.map((c) => c.id).sort());
    expect(directoryChangesSchema.parse((await get({}, '?since=0')).json()).courses.length).toBe(now.length);
  }, 30_000);

  it('refuses a since ahead of the catalog or not a change number', async () => {
    const change = await store.catalogChange();
    expectProblem(await get({}, `?since=${change + 1}`), 400, 'unknown-catalog-change');
    expectProblem(await get({}, '?since=abc'), 400, 'invalid-parameter');
    expectProblem(await get({}, '?since=-1'), 400, 'invalid-parameter');
  });

  it('answers repeated requests in the fast lane exactly as the full route does, until the catalog check is due', async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
    const { fetchOnce, bothWays, laneAnswered, restore } = fastLaneComparison(origin, key);
    try {
      const path = '/v1/courses/bulk-ids';
      await fetchOnce(path); // built and checked by the full route
      const zipped = await bothWays(path, { 'accept-encoding': 'gzip' });
      expect([zipped.fast.status, zipped.fast.headers['content-encoding'], zipped.fast.headers.vary]).toEqual([200, 'gzip', 'Origin, Accept-Encoding']);
      const plain = await bothWays(path, { 'accept-encoding': 'identity' });
      expect(plain.fast.headers['content-encoding']).toBeUndefined();
      const browser = await bothWays(path, { origin: 'https://app.example', 'accept-encoding': 'gzip' });
      expect(browser.fast.headers['access-control-expose-headers']).toContain('X-Caddie-Catalog-Change');
      const notModified = await bothWays(path, { 'if-none-match': zipped.fast.headers.etag });
      expect([notModified.fast.status, notModified.fast.body.length]).toEqual([304, 0]);
      // the incremental form is never answered from memory
      await fetchOnce(`${path}?since=0`);
      expect(laneAnswered()).toBe(false);
      // a catalog change: once the last check is older than DIRECTORY_RECHECK_MS the full route answers it
      await upsert(variant(base, 'dir-h', 'Hazel Dell'));
      await new Promise((r) => setTimeout(r, DIRECTORY_RECHECK_MS + 100));
      const changed = await fetchOnce(path, { 'accept-encoding': 'gzip' });
      expect(laneAnswered()).toBe(false);
      expect(changed.headers.etag).not.toBe(zipped.fast.headers.etag);
      expect(directorySchema.parse(JSON.parse(changed.body.toString())).courses.map((c) => c.id)).toContain('dir-h');
    } finally {
      restore();
    }
  }, 30_000);
});
