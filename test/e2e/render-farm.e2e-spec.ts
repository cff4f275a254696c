import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { ApiKeyRegistry } from '@caddie/access';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { exited, freePort, runNode, startNode, waitFor } from '../support/processes';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The built API and two separate render-worker processes against one Redis, as in production. */
describe('render farm: coalescing across worker processes', () => {
  const prefix = `farm-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-farm-'));
  const common = { DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
  const workerEnv = { ...common, WORKER_CONCURRENCY: '1', WORKER_LOCK_DURATION_MS: '4000', WORKER_STALLED_INTERVAL_MS: '2000' };
  let base: string;
  let key: string;
  let api: ReturnType<typeof startNode>;
  const workers: ReturnType<typeof startNode>[] = [];
  const redis = new Redis(REDIS_URL);
  const [course, nineHoles] = generateDemoCourses();

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = startNode('apps/api/src/main.js', { ...common, PORT: String(port), RENDER_WAIT_MS: '60000', RATE_LIMIT_PER_MINUTE: '100000' });
    await waitFor(async () => (await fetch(`${base}/health`).catch(() => null))?.ok ?? false, 60_000, 'the API');
    const db = await openDatabase({ dataDir });
    await new CourseStore(db).upsert(course, courseRevision(course));
    await new CourseStore(db).upsert(nineHoles, courseRevision(nineHoles));
    key = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'farm', kind: 'live', scopes: ['course-graphics:read'] })).key;
    await db.destroy();
    workers.push(startNode('apps/render-worker/src/main.js', workerEnv), startNode('apps/render-worker/src/main.js', workerEnv));
  }, 90_000);

  afterAll(async () => {
    for (const p of [api, ...workers]) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all([api, ...workers].map((p) => exited(p.child, 20_000).catch(() => undefined)));
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }, 60_000);

  const renderCounts = async () => Object.values(await redis.hgetall(`${prefix}:metrics:renders`)).map(Number);
  const post = (payload: object) =>
    fetch(`${base}/v1/courses/${course.id}/graphics/images`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });

  it('renders 50 concurrent identical requests once: one MISS, 49 COALESCED, then HIT', async () => {
    const payload = { subject: { type: 'hole', holeNumber: 4 }, output: { format: 'webp' } };
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(payload)));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ artifact: { cacheState: string; sha256: string; artifactKey: string } }>));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(201));
    const states = bodies.map((b) => b.artifact.cacheState);
    expect(states.filter((s) => s === 'MISS')).toHaveLength(1);
    expect(states.filter((s) => s === 'COALESCED')).toHaveLength(49);
    expect(new Set(bodies.map((b) => b.artifact.sha256)).size).toBe(1);
    expect((await renderCounts()).reduce((a, b) => a + b, 0)).toBe(1);
    const later = (await (await post(payload)).json()) as { artifact: { cacheState: string; sha256: string } };
    expect(later.artifact).toMatchObject({ cacheState: 'HIT', sha256: bodies[0].artifact.sha256 });
  }, 120_000);

  it('spreads distinct renders over both workers', async () => {
    const before = await redis.hgetall(`${prefix}:metrics:renders`);
    await Promise.all(
      [1, 2, 3, 5, 6, 7, 8, 9].map((hole) => post({ subject: { type: 'green', holeNumber: hole }, output: { format: 'png', width: 600, height: 600 } })),
    );
    const after = await redis.hgetall(`${prefix}:metrics:renders`);
    const grew = Object.keys(after).filter((w) => Number(after[w]) > Number(before[w] ?? 0));
    expect(grew).toHaveLength(2);
  }, 120_000);

  it('prewarms every graphic of a course through the farm, and a second prewarm is all hits', () => {
    const args = ['--course', nineHoles.id, '--styles', 'traditional', '--format', 'png'];
    const first = runNode('apps/api/src/cli/prewarm.js', args, common, 150_000);
    expect(first.status).toBe(0);
    // course + 9 x (hole, green, profile)
    expect(first.stderr).toMatch(new RegExp(`${nineHoles.id}: 28 rendered, 0 hit, 0 failed, 0 not applicable`));
    const second = runNode('apps/api/src/cli/prewarm.js', args, common, 60_000);
    expect(second.stderr).toMatch(new RegExp(`${nineHoles.id}: 0 rendered, 28 hit, 0 failed, 0 not applicable`));
    expect(runNode('apps/api/src/cli/prewarm.js', ['--course', 'Bad!'], common).status).toBe(2);
  }, 180_000);

  it('survives SIGKILL of the worker in the middle of a render: the other worker finishes it', async () => {
    const payload = { subject: { type: 'course' }, output: { format: 'png', width: 5600, height: 5600 } };
    const pending = post(payload);
    // the worker that holds the job is recorded on it as processedBy ("host:pid")
    let holder = '';
    await waitFor(
      async () => {
        const [jobId] = await redis.lrange(`${prefix}:render:active`, 0, 0);
        holder = jobId ? ((await redis.hget(`${prefix}:render:${jobId}`, 'pb')) ?? '') : '';
        return holder !== '';
      },
      30_000,
      'a worker to take the render',
    );
    const victim = workers.find((w) => holder.endsWith(`:${w.child.pid}`));
    expect(victim).toBeDefined();
    victim!.child.kill('SIGKILL');
    await exited(victim!.child, 10_000);
    const response = await pending;
    if (response.status !== 201)
      console.error(
        'the request across the crash answered',
        response.status,
        await response.clone().text(),
        workers.map((w) => w.output()).join('\n---\n'),
        api.output(),
      );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { artifact: { cacheState: string; imageUrl: string } };
    expect(['MISS', 'RENDERING']).toContain(body.artifact.cacheState);
    await waitFor(
      async () => (await fetch(body.artifact.imageUrl.replace(/^https?:\/\/[^/]+/, base), { headers: { 'x-api-key': key } })).status === 200,
      90_000,
      'the image after the crash',
    );
  }, 180_000);
});
