import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { JOB_WAIT_RECHECK_MS } from '@caddie/jobs';
import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { RenderQueueService } from '../../apps/api/src/graphics/render-queue.service';
import { QueueWaiters } from '../../apps/api/src/platform/redis/queue-waiters';
import { startApi, type ApiHarness } from '../support/api-harness';
import { fastLaneComparison } from '../support/fast-lane-comparison';
import { startRenderWorker } from '../support/render-worker-harness';

jest.setTimeout(60_000);

describe('graphics image route: fast lane and coalescing on a real socket', () => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let key: string;
  let course: Course;
  let origin: string;

  beforeAll(async () => {
    // key verdicts cached as in production, so repeated requests reach the fast lane
    api = await startApi({ env: { RENDER_WAIT_MS: '60000', API_KEY_CACHE_SECONDS: '30' } });
    course = generateDemoCourses()[0];
    await api.app.get(CoursesService).store.upsert(course, courseRevision(course));
    key = (await api.createKey({ kind: 'live', scopes: ['course-graphics:read'] })).key;
    worker = await startRenderWorker(api);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  const fetchImage = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const response = await fetch(`${origin}${path}`, { method, headers: { 'x-api-key': key, ...headers } });
    return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) };
  };

  it('answers a stored graphic in the fast lane exactly as the full route does (headers and bytes), and leaves the rest to it', async () => {
    const { bothWays, laneAnswered, restore } = fastLaneComparison(origin, key);
    try {
      const path = `/v1/courses/${course.id}/graphics/images/green-3/webp?width=400&height=400`;
      const first = await fetchImage(path);
      expect([first.status, first.headers['x-caddie-cache-state'], laneAnswered()]).toEqual([200, 'MISS', false]);

      const { fast } = await bothWays(path);
      expect(fast.status).toBe(200);
      expect(fast.headers['content-type']).toBe('image/webp');
      expect(fast.headers['x-caddie-cache-state']).toBe('HIT');
      expect(fast.headers['cache-status']).toBe('caddie; hit');
      expect(fast.headers.etag).toBe(first.headers.etag);
      expect(fast.headers['content-length']).toBe(String(first.body.length));
      expect(fast.body.equals(first.body)).toBe(true);
      expect(fast.headers.vary).toBe('Origin');

      const browser = await bothWays(path, { 'x-request-id': 'client-id-7' });
      expect(browser.fast.headers['x-request-id']).toBe('client-id-7');
      const notModified = await bothWays(path, { 'if-none-match': String(first.headers.etag) });
      expect([notModified.fast.status, notModified.fast.body.length]).toEqual([304, 0]);

      // declined, and answered by the full route: no key, an invalid option, an encoded query, HEAD, a graphic not stored yet
      const anonymous = await fetch(`${origin}${path}`);
      expect([laneAnswered(), anonymous.status]).toEqual([false, 401]);
      const invalid = await fetchImage(`/v1/courses/${course.id}/graphics/images/green-3/webp?width=400&height=400&style=nope`);
      expect(JSON.parse(invalid.body.toString()).code).toBeDefined();
      expect([laneAnswered(), invalid.status, invalid.headers['content-type']]).toEqual([false, 400, 'application/problem+json; charset=utf-8']);
      const encoded = await fetchImage(path.replace('width=400', 'width=%34%30%30'));
      expect([laneAnswered(), encoded.status, encoded.body.equals(first.body)]).toEqual([false, 200, true]);
      const head = await fetchImage(path, {}, 'HEAD');
      expect([laneAnswered(), head.status, head.body.length]).toEqual([false, 200, 0]);
    } finally {
      restore();
    }
  });

  it('coalesces 100 identical cold requests into one submit and one watch of the job (1 MISS, the rest COALESCED or HIT)', async () => {
    const submit = jest.spyOn(RenderQueueService.prototype, 'submit');
    const waiter = api.app.get(QueueWaiters).of('render');
    const lookUpsBefore = waiter.lookUps;
    try {
      const path = `/v1/courses/${course.id}/graphics/images/hole-2/webp?width=320&height=480`;
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 100 }, () => fetchImage(path)));
      const states = answers.map((a) => `${a.status} ${a.headers['x-caddie-cache-state']}`);
      expect(states.filter((s) => s === '200 MISS')).toHaveLength(1);
      // the rest joined the render, or came after it was stored
      expect(states.filter((s) => s === '200 COALESCED' || s === '200 HIT')).toHaveLength(99);
      expect(states.filter((s) => s === '200 COALESCED').length).toBeGreaterThan(0);
      expect(answers.every((a) => a.body.equals(answers[0].body))).toBe(true);
      // nothing per waiting request in Redis: one job added, one job looked up (a recheck a second at most)
      expect(submit).toHaveBeenCalledTimes(1);
      expect(waiter.lookUps - lookUpsBefore).toBeLessThanOrEqual(1 + Math.ceil((Date.now() - started) / JOB_WAIT_RECHECK_MS));
      expect(waiter.watched).toBe(0);
    } finally {
      submit.mockRestore();
    }
  });
});
