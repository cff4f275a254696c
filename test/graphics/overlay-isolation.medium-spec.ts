import type { INestApplicationContext } from '@nestjs/common';
import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { OVERLAY_RESOLVE_TIMEOUT_MS } from '../../apps/api/src/graphics/overlays.service';
import { OverlayResolutionPool } from '../../apps/api/src/graphics/overlay-resolution-pool';
import { DEFAULT_OVERLAY_BUDGET } from '@caddie/renderer';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { startRenderWorker } from '../support/render-worker-harness';

/**
 * Issue 57, point 2: 64 heatmaps on an 8000x4000 green once held the API's event loop for 50 s
 * (summaries took 18 s), peaked at 1.95 GB and answered 62 MB. Bounds here are generous: this is
 * the promise (the API keeps answering, the request ends bounded), not a benchmark.
 */
describe('overlay resolution off the event loop', () => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let key: string;
  let course: Course;
  let green: { render: { id: string; receipt: string } };

  beforeAll(async () => {
    api = await startApi({ env: { RENDER_WAIT_MS: '110000' } });
    course = generateDemoCourses()[0];
    await api.app.get(CoursesService).store.upsert(course, courseRevision(course));
    key = (await api.createKey({ kind: 'live', scopes: ['course-graphics:read', 'courses:read'] })).key;
    worker = await startRenderWorker(api);
    const created = await api.request({
      method: 'POST',
      url: `/v1/courses/${course.id}/graphics/images`,
      headers: { 'x-api-key': key },
      payload: {
        subject: { type: 'green', holeNumber: 1 },
        output: { format: 'png', width: Number(process.env.T_W ?? 8000), height: Number(process.env.T_H ?? 4000) },
      },
    });
    expect(created.statusCode).toBe(201);
    green = created.json();
    expect(green.render.id).toMatch(/^rnd_/);
    // the render worker shares this process; close it so only the API's own work is measured
    await worker.close();
    // start the overlay threads: under ts-jest each transpiles the renderer first, which compiled code never does
    await api.app.get(OverlayResolutionPool).pool.warm(120_000);
  }, 300_000);
  afterAll(async () => {
    await api.close();
  });

  it('answers course summaries within 1 s while a 64-heatmap request on an 8000x4000 green runs, which ends bounded in time, memory and size', async () => {
    const baselineRss = process.memoryUsage().rss;
    let peakRss = baselineRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    const started = Date.now();
    let finished = false;
    const overlays = Array.from({ length: 64 }, (_, i) => ({ id: `heat-${i}`, type: 'green-elevation-heatmap' }));
    const heavy = api
      .request({
        method: 'POST',
        url: `/v1/renders/${green.render.id}/overlays`,
        headers: { 'x-api-key': key },
        payload: { receipt: green.render.receipt, overlays },
      })
      .finally(() => (finished = true));

    const summaryTimes: number[] = [];
    while (!finished) {
      const asked = Date.now();
      const summary = await api.request({ method: 'GET', url: `/v1/courses/${course.id}`, headers: { 'x-api-key': key } });
      expect(summary.statusCode).toBe(200);
      summaryTimes.push(Date.now() - asked);
      await new Promise((r) => setTimeout(r, 100));
    }
    const answer = await heavy;
    const elapsed = Date.now() - started;
    clearInterval(sampler);

    // the heatmap of one 8000x4000 green is about 1 MB: 64 copies are over the answer budget, refused with a small problem
    const refused = expectProblem(answer, 422, 'overlay-budget-exceeded');
    expect(refused.budget).toBe('answer-bytes');
    expect(refused.limit).toBe(DEFAULT_OVERLAY_BUDGET.maxAnswerBytes);
    expect(answer.rawPayload.length).toBeLessThan(16_000);
    expect(summaryTimes.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...summaryTimes)).toBeLessThan(1_000);
    expect(elapsed).toBeLessThan(OVERLAY_RESOLVE_TIMEOUT_MS + 5_000);
    expect(peakRss - baselineRss).toBeLessThan(800 * 1024 * 1024);

    // a request within the budget is answered in full, the identical rasters painted once
    const four = await api.request({
      method: 'POST',
      url: `/v1/renders/${green.render.id}/overlays`,
      headers: { 'x-api-key': key },
      payload: { receipt: green.render.receipt, overlays: overlays.slice(0, 4) },
    });
    expect(four.statusCode).toBe(200);
    const resolved = four.json().overlays as { id: string; instructions: unknown[] }[];
    expect(resolved.map((o) => o.id)).toEqual(['heat-0', 'heat-1', 'heat-2', 'heat-3']);
    expect(new Set(resolved.map((o) => JSON.stringify(o.instructions))).size).toBe(1);
    expect(four.rawPayload.length).toBeLessThan(DEFAULT_OVERLAY_BUDGET.maxAnswerBytes);
  }, 120_000);
});
