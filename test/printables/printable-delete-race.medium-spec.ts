import { setTimeout as sleep } from 'node:timers/promises';
import type { INestApplicationContext } from '@nestjs/common';
import type { ArtifactStore } from '@caddie/artifacts';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { printablePackageObjects } from '@caddie/jobs';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { ApiKeysService } from '../../apps/api/src/platform/auth/api-keys.service';
import { ARTIFACT_STORE } from '../../apps/api/src/platform/storage/artifact-store.provider';
import { startApi, type ApiHarness } from '../support/api-harness';
import { startRenderWorker } from '../support/render-worker-harness';

const COURSE = 'demo-cedar-links';
/** One letter page at 100 dpi: a render takes about a second. */
const SMALL = { template: 'hole-sheet@1', options: { hole: 5, dpi: 100 } };
const RACES = 50;

interface Printable {
  id: string;
  status: string;
  deletedAt?: string;
  links?: { pdf: string; zip: string; manifest: string; pages: string[] };
}

/**
 * Issue 57, point 1: deleting a printable while an identical one of the same organization is
 * created must never leave the new one `ready` with its package gone (every link 404 forever).
 */
describe.each(['sqlite', 'postgres'] as const)('printable create racing a delete of the same content on %s', (database) => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let owner: string;
  let artifacts: ArtifactStore;

  beforeAll(async () => {
    // the races read hundreds of links a minute: rate limits are not what this test is about
    api = await startApi({ database, env: { RENDER_WAIT_MS: '30000', RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000' } });
    const courses = api.app.get(CoursesService).store;
    for (const c of generateDemoCourses()) await courses.upsert(c, courseRevision(c));
    owner = (await api.createKey({ kind: 'live', scopes: ['printables:read', 'printables:write'] })).key;
    artifacts = api.app.get<ArtifactStore>(ARTIFACT_STORE);
    // an object store answers a delete in milliseconds, not microseconds as the local disk does: the race window gets that width
    const remove = artifacts.delete.bind(artifacts);
    artifacts.delete = async (key: string) => {
      await sleep(2);
      return remove(key);
    };
    worker = await startRenderWorker(api);
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    api.request({
      method,
      url,
      headers: { 'x-api-key': owner, ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const create = (headers: Record<string, string> = {}) => call('POST', `/v1/courses/${COURSE}/printables`, SMALL, headers);

  /** The status of every link of a ready printable (signed URLs served by this API). */
  const linkStatuses = async (printable: Printable) => {
    const links = printable.links!;
    const urls = [links.pdf, links.zip, links.manifest, ...links.pages];
    return Promise.all(urls.map(async (url) => (await api.request({ method: 'GET', url: url.replace('http://api.test', '') })).statusCode));
  };

  /** Reads the printable until its render settles (a ready one whose package is gone renders again). */
  const settled = async (id: string): Promise<Printable> => {
    for (let i = 0; i < 600; i++) {
      const printable = (await call('GET', `/v1/printables/${id}`)).json() as Printable;
      if (printable.status === 'ready' || printable.status === 'failed') return printable;
      await sleep(50);
    }
    throw new Error(`printable ${id} did not settle in 30 s`);
  };

  it(`never answers ready with dead links, in ${RACES} races`, async () => {
    let live = (await create()).json() as Printable;
    expect(live.status).toBe('ready');
    const deadOnCreate: string[] = [];
    const deadOnRead: string[] = [];
    for (let race = 0; race < RACES; race++) {
      // vary which request reaches the store first
      const lead = race % 3;
      const [deleted, created] = await Promise.all([
        sleep(lead === 1 ? 1 : 0).then(() => call('DELETE', `/v1/printables/${live.id}`)),
        sleep(lead === 2 ? 1 : 0).then(() => create()),
      ]);
      expect(deleted.statusCode).toBe(204);
      expect(created.statusCode).toBe(201);
      const answered = created.json() as Printable;
      if (answered.status === 'ready' && (await linkStatuses(answered)).some((status) => status !== 200)) deadOnCreate.push(answered.id);
      live = await settled(answered.id);
      expect(live.status).toBe('ready');
      if ((await linkStatuses(live)).some((status) => status !== 200)) deadOnRead.push(live.id);
    }
    expect({ deadOnCreate, deadOnRead }).toEqual({ deadOnCreate: [], deadOnRead: [] });
  }, 300_000);

  it('renders a ready printable again when its package went missing, instead of serving dead links', async () => {
    const made = (await call('POST', `/v1/courses/${COURSE}/printables`, { template: 'hole-sheet@1', options: { hole: 6, dpi: 100 } })).json() as Printable;
    expect(made.status).toBe('ready');
    const organizationId = (await api.app.get(ApiKeysService).registry.findByPlaintext(owner))!.organizationId;
    const { contentKey } = (
      await call('POST', `/v1/courses/${COURSE}/printables/compile`, { template: 'hole-sheet@1', options: { hole: 6, dpi: 100 }, previewPages: 0 })
    ).json() as { contentKey: string };
    for (const key of printablePackageObjects(organizationId, contentKey, 1)) await artifacts.delete(key);

    const read = (await call('GET', `/v1/printables/${made.id}`)).json() as Printable;
    expect(read.status).not.toBe('ready');
    expect(read.links).toBeUndefined();
    const repaired = await settled(made.id);
    expect(repaired.status).toBe('ready');
    expect(await linkStatuses(repaired)).toEqual([200, 200, 200, 200]);
  }, 60_000);

  it("answers a create re-sent with a deleted printable's Idempotency-Key with the stored result, creating nothing", async () => {
    const key = `race-${database}-deleted-1`;
    const first = (await create({ 'idempotency-key': key })).json() as Printable;
    expect((await call('DELETE', `/v1/printables/${first.id}`)).statusCode).toBe(204);
    const before = (await call('GET', '/v1/printables?limit=100')).json().items.length as number;

    const replay = await create({ 'idempotency-key': key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const body = replay.json() as Printable;
    expect(body).toMatchObject({ id: first.id, deletedAt: expect.any(String) });
    expect(body.links).toBeUndefined();
    expect((await call('GET', '/v1/printables?limit=100')).json().items).toHaveLength(before);
    expect((await call('GET', `/v1/printables/${first.id}`)).statusCode).toBe(404);
  }, 60_000);
});
