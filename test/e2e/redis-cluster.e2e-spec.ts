import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cluster } from 'ioredis';
import { ApiKeyRegistry } from '@caddie/access';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { cardJpeg } from '../scorecards/scorecard-test-kit';
import { smallOsmCourse } from '../maps/small-course';
import { normalizeUpload } from '../support/api-process';
import { exited, freePort, startNode, waitFor } from '../support/processes';
import { clusterClient, redisClusterSupported, startRedisCluster, type TestRedisCluster } from '../support/redis-cluster';
import { required } from '../support/requirements';

const haveRedis = required('redis-server and redis-cli 7 (apt-get install redis-server)', redisClusterSupported());

/**
 * Issue 60, point 2: the whole stack (API, a render worker, a scorecard worker) on a real Redis
 * Cluster of 3 masters with one replica each on loopback, given only REDIS_CLUSTER_NODES: graphics,
 * maps, scorecards and printables work with every key in the prefix's hash slot; then that slot
 * moves to another master, and then its master crashes (SIGKILL) and its replica takes over.
 */
(haveRedis ? describe : describe.skip)('a Redis Cluster deployment', () => {
  const prefix = `{cl-${randomBytes(4).toString('hex')}}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-cluster-'));
  const [course] = generateDemoCourses();
  const mapCourse = smallOsmCourse();
  let cluster: TestRedisCluster;
  let redis: Cluster;
  let slot: number;
  let base: string;
  let key: string;
  let card: Buffer;
  const processes: ReturnType<typeof startNode>[] = [];

  beforeAll(async () => {
    cluster = await startRedisCluster({ masters: 3, replicasPerMaster: 1 });
    redis = clusterClient(cluster.seeds);
    slot = Number(await cluster.nodes[0].client.call('CLUSTER', 'KEYSLOT', prefix));
    const common = { DATA_DIR: dataDir, REDIS_CLUSTER_NODES: cluster.seeds, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    processes.push(startNode('apps/api/src/main.js', { ...common, PORT: String(port), RENDER_WAIT_MS: '60000', RATE_LIMIT_PER_MINUTE: '100000' }));
    await waitFor(async () => (await fetch(`${base}/health`).catch(() => null))?.ok ?? false, 60_000, 'the API');
    const db = await openDatabase({ dataDir });
    for (const c of [course, mapCourse]) await new CourseStore(db).upsert(c, courseRevision(c));
    const scopes = ['course-graphics:read', 'course-maps:read', 'scorecards:process', 'printables:read', 'printables:write'];
    key = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'cluster', kind: 'live', scopes })).key;
    await db.destroy();
    const workerEnv = { ...common, WORKER_CONCURRENCY: '2' };
    processes.push(startNode('apps/render-worker/src/main.js', workerEnv), startNode('apps/scorecard-worker/src/main.js', workerEnv));
    card = await cardJpeg('M9H1/front-nine-page');
    await waitFor(async () => (await fetch(`${base}/ready`)).status === 200, 60_000, 'the stack to be ready on the cluster');
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => exited(p.child, 20_000).catch(() => p.child.kill('SIGKILL'))));
    redis?.disconnect();
    await cluster?.stop();
  }, 60_000);

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const outputs = () => processes.map((p) => p.output().slice(-3_000)).join('\n---\n');

  /** One of each product through the stack; every answer's status, to compare with what each must be. */
  async function everyProduct(hole: number): Promise<Record<string, number>> {
    const graphic = await call('POST', `/v1/courses/${course.id}/graphics/images`, {
      subject: { type: 'green', holeNumber: hole },
      output: { format: 'png', width: 400, height: 400 },
    });
    const plan = await call('GET', `/v1/courses/${mapCourse.id}/maps/tiles`);
    const revision = ((await plan.json()) as { revision: string }).revision;
    // the archive route waits RENDER_WAIT_MS for the build; a loaded machine may need longer (503 map-archive-building)
    let archive: Response;
    for (let attempt = 1; ; attempt++) {
      archive = await call('GET', `/v1/courses/${mapCourse.id}/maps/archive.pmtiles?revision=${revision}`);
      await archive.arrayBuffer();
      if (archive.status !== 503 || attempt === 4) break;
    }
    const scorecard = await normalizeUpload(base, key, card, `card-${hole}.jpg`);
    await scorecard.arrayBuffer();
    const created = await call('POST', `/v1/courses/${course.id}/printables`, { template: 'hole-sheet@1', options: { hole, dpi: 100 } });
    const printable = (await created.json()) as { id: string; status: string };
    let status = printable.status;
    await waitFor(
      async () => (status = ((await (await call('GET', `/v1/printables/${printable.id}`)).json()) as { status: string }).status) !== 'rendering',
      120_000,
      'the printable',
    ).catch(() => undefined);
    const ready = await fetch(`${base}/ready`);
    return {
      graphic: graphic.status,
      plan: plan.status,
      archive: archive.status,
      scorecard: scorecard.status,
      printable: created.status,
      [`printable ${status}`]: 1,
      ready: ready.status,
    };
  }
  const allGood = { graphic: 201, plan: 200, archive: 200, scorecard: 200, printable: 201, 'printable ready': 1, ready: 200 };
  async function expectEveryProduct(hole: number): Promise<void> {
    const answers = await everyProduct(hole);
    if (JSON.stringify(answers) !== JSON.stringify(allGood)) console.error(answers, outputs());
    expect(answers).toEqual(allGood);
  }

  /** Course summaries and cached graphics requested without pause while `during` runs: how many answered other than 200/201. */
  async function trafficDuring(during: () => Promise<void>): Promise<{ sent: number; failed: string[] }> {
    let done = false;
    const failed: string[] = [];
    let sent = 0;
    const loop = async () => {
      while (!done) {
        sent++;
        const answer = await call('POST', `/v1/courses/${course.id}/graphics/images`, {
          subject: { type: 'green', holeNumber: 1 },
          output: { format: 'png', width: 400, height: 400 },
        }).catch((error: Error) => ({ status: 0, statusText: error.message }) as Response);
        if (answer.status !== 201) failed.push(`${answer.status} ${answer.status ? ((await answer.json()) as { code?: string }).code : answer.statusText}`);
        else await answer.arrayBuffer();
      }
    };
    const loops = [loop(), loop()];
    try {
      await during();
    } finally {
      done = true;
      await Promise.all(loops);
    }
    return { sent, failed };
  }

  it('runs graphics, maps, scorecards and printables with every key of the deployment in the prefix slot', async () => {
    await expectEveryProduct(1);
    const ready = (await (await fetch(`${base}/ready`)).json()) as { checks: { redis: { status: string } }; queues: Record<string, string> };
    expect(ready.checks.redis.status).toBe('ok');
    expect(ready.queues).toEqual({ render: 'ok', 'render-batch': 'ok', scorecard: 'ok' });
    // every key on the masters is in the prefix's slot (queues, flows, events, rate limits, idempotency, coalescing)
    const owner = await cluster.masterOf(slot);
    const inSlot = Number(await owner.client.call('CLUSTER', 'COUNTKEYSINSLOT', slot));
    const masters = await Promise.all(cluster.nodes.map(async (n) => (/role:master/.test(await n.client.info('replication')) ? n.client.dbsize() : 0)));
    expect(inSlot).toBeGreaterThan(10);
    expect(masters.reduce((a, b) => a + b, 0)).toBe(inSlot);
    expect(await redis.exists(`${prefix}:render:meta`)).toBe(1);
  }, 300_000);

  it('keeps serving while the prefix slot moves to another master, and after', async () => {
    const from = await cluster.masterOf(slot);
    const masters = [];
    for (const n of cluster.nodes) if (/role:master/.test(await n.client.info('replication'))) masters.push(n);
    const to = masters.find((n) => n !== from)!;
    const traffic = await trafficDuring(() => cluster.migrateSlot(slot, to));
    process.stdout.write(`slot migration: ${traffic.sent} cached-graphic requests during it, failed: ${JSON.stringify(traffic.failed)}\n`);
    expect(await cluster.masterOf(slot)).toBe(to);
    expect(Number(await from.client.call('CLUSTER', 'COUNTKEYSINSLOT', slot))).toBe(0);
    expect(traffic.failed).toEqual([]);
    await expectEveryProduct(2);
  }, 300_000);

  it("survives a crash of the prefix slot's master: a bounded outage while its replica takes over, then everything works", async () => {
    const victim = await cluster.masterOf(slot);
    let outageMs = 0;
    const traffic = await trafficDuring(async () => {
      const started = Date.now();
      await cluster.kill(victim);
      await waitFor(async () => (await cluster.masterOf(slot).catch(() => victim)) !== victim, 30_000, 'a replica to take over the slot');
      await waitFor(async () => (await fetch(`${base}/ready`)).status === 200, 30_000, '/ready after the failover');
      outageMs = Date.now() - started;
    });
    process.stdout.write(
      `master failover: ready again after ${outageMs} ms; ${traffic.sent} cached-graphic requests, failed: ${JSON.stringify(traffic.failed)}\n`,
    );
    // the API answers 503 (never hangs, never 500) while no master serves the slot, for at most the failover's few seconds
    expect(traffic.failed.filter((f) => !f.startsWith('503'))).toEqual([]);
    expect(traffic.failed.length).toBeLessThanOrEqual(Math.max(5, traffic.sent / 2));
    await expectEveryProduct(3);
  }, 300_000);

  it("answers /ready 503 while no master serves the prefix's slot, though every other slot is served", async () => {
    const owner = await cluster.masterOf(slot);
    const live = cluster.nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
    for (const n of live) await n.client.call('CONFIG', 'SET', 'cluster-require-full-coverage', 'no');
    expect(Number(await owner.client.call('CLUSTER', 'COUNTKEYSINSLOT', slot))).toBeGreaterThan(0);
    for (const n of live) await n.client.call('CLUSTER', 'DELSLOTS', slot).catch(() => undefined);
    await waitFor(async () => (await fetch(`${base}/ready`)).status === 503, 20_000, '/ready to fail');
    const answer = (await (await fetch(`${base}/ready`)).json()) as { code: string; checks: Record<string, { status: string }> };
    expect(answer.code).toBe('not-ready');
    expect(answer.checks.redis.status).toBe('failed');
    expect(answer.checks.database.status).toBe('ok');
    // the rest of the cluster still answers: it is the prefix's slot that is not served
    expect(await redis.set('another-slot-key', '1')).toBe('OK');
  }, 60_000);
});
