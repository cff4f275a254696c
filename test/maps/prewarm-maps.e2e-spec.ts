import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { createArtifactStore } from '@caddie/artifacts';
import { courseRevision } from '@caddie/catalog';
import { apiEnvSchema, loadEnv } from '@caddie/config';
import { mapArchiveKey } from '@caddie/jobs';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { exited, runNode, startNode } from '../support/processes';
import { smallOsmCourse } from './small-course';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** `npm run prewarm -- --course ID --maps` against the built CLI and a render-worker process. */
describe('prewarm --maps', () => {
  const prefix = `prewarm-maps-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-prewarm-maps-'));
  const common = { DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
  const course = smallOsmCourse('demo-maps-prewarm');
  const revision = courseRevision(course);
  let worker: ReturnType<typeof startNode>;

  beforeAll(async () => {
    const db = await openDatabase({ dataDir });
    await new CourseStore(db).upsert(course, revision);
    await db.destroy();
    worker = startNode('apps/render-worker/src/main.js', { ...common, WORKER_CONCURRENCY: '1' });
  }, 60_000);

  afterAll(async () => {
    if (worker.child.exitCode === null) worker.child.kill('SIGTERM');
    await exited(worker.child, 20_000).catch(() => undefined);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }, 30_000);

  it('builds the archive of the current revision, then reports it present', async () => {
    const args = ['--course', course.id, '--maps'];
    const first = runNode('apps/api/src/cli/prewarm.js', args, common, 150_000);
    expect({ status: first.status, stderr: first.stderr }).toMatchObject({ status: 0 });
    const built = /map archive 256 webp \(revision [^)]+\) built: (\d+) tiles \(z(\d+)-(\d+)\), (\d+) bytes, [\d.]+ s/.exec(first.stderr);
    expect(built).not.toBeNull();
    const [tiles, minZoom, maxZoom, bytes] = built!.slice(1).map(Number);
    expect(tiles).toBeGreaterThan(0);
    expect(minZoom).toBeLessThanOrEqual(maxZoom);

    // stored under the key the tile routes read, with the size the CLI printed
    const store = createArtifactStore(loadEnv(apiEnvSchema, common));
    const head = await store.head(mapArchiveKey(course.id, revision, 256, 'webp'));
    expect(head).toMatchObject({ size: bytes, metadata: { tileCount: String(tiles), courseRevision: revision } });

    const second = runNode('apps/api/src/cli/prewarm.js', args, common, 60_000);
    expect(second.status).toBe(0);
    expect(second.stderr).toContain(`already present: ${tiles} tiles (z${minZoom}-${maxZoom}), ${bytes} bytes`);
    expect(second.stderr).not.toContain('build submitted');
  }, 180_000);

  it('refuses map options it does not know, and an unknown course', () => {
    expect(runNode('apps/api/src/cli/prewarm.js', ['--course', course.id, '--maps', '--tile-size', '300'], common).status).toBe(2);
    expect(runNode('apps/api/src/cli/prewarm.js', ['--course', course.id, '--maps', '--format', 'jpeg'], common).status).toBe(2);
    const unknown = runNode('apps/api/src/cli/prewarm.js', ['--course', 'no-such-course', '--maps'], common);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('course-not-found');
  }, 60_000);
});
