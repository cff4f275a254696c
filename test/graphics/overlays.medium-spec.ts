import type { INestApplicationContext } from '@nestjs/common';
import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { signReceipt } from '../../apps/api/src/graphics/render-receipt';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { startRenderWorker } from '../support/render-worker-harness';

describe('POST /v1/renders/{renderId}/overlays', () => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let key: string;
  let keyId: string;
  let otherKey: string;
  let course: Course;
  let green: { render: { id: string; receipt: string }; artifact: { artifactKey: string } };
  let profile: { render: { id: string; receipt: string; allowedOverlays: string[] } };

  beforeAll(async () => {
    api = await startApi({ env: { RENDER_WAIT_MS: '60000' } });
    course = generateDemoCourses()[0];
    await api.app.get(CoursesService).store.upsert(course, courseRevision(course));
    // the same course with only an SRTM-class ground model (70 x 93 m)
    const srtm: Course = {
      ...course,
      id: 'demo-overlays-srtm-only',
      elevation: {
        ground: {
          ...course.elevation.ground!,
          source: 'srtm3',
          precision: { nativeResolution: { eastWestMeters: 69.9, northSouthMeters: 92.8 }, verticalAccuracy: null, source: 'srtm3' },
        },
        greens: {},
        trees: null,
      },
    };
    await api.app.get(CoursesService).store.upsert(srtm, courseRevision(srtm));
    ({ key, id: keyId } = await api.createKey({ kind: 'live', scopes: ['course-graphics:read'] }));
    otherKey = (await api.createKey({ kind: 'live', scopes: ['course-graphics:read'] })).key;
    worker = await startRenderWorker(api);
    const create = async (payload: object) =>
      (await api.request({ method: 'POST', url: `/v1/courses/${course.id}/graphics/images`, headers: { 'x-api-key': key }, payload })).json();
    green = await create({ subject: { type: 'green', holeNumber: 1 }, output: { format: 'png', width: 480, height: 480 } });
    profile = await create({ subject: { type: 'profile-elevation', holeNumber: 1 }, output: { format: 'png', width: 800, height: 320 } });
  }, 90_000);
  afterAll(async () => {
    await worker.close();
    await api.close();
  });

  const resolve = (renderId: string, body: object, apiKey = key) =>
    api.request({ method: 'POST', url: `/v1/renders/${renderId}/overlays`, headers: { 'x-api-key': apiKey }, payload: body });

  it('resolves components against the artifact into pixel-only instructions', async () => {
    const response = await resolve(green.render.id, {
      receipt: green.render.receipt,
      overlays: [
        { type: 'green-measurements' },
        { type: 'flag' },
        { type: 'green-downhill-arrows', density: 'light' },
        { id: 'hm', type: 'green-elevation-heatmap', style: { opacity: 0.5 } },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.artifact).toEqual({ width: 480, height: 480, format: 'png' });
    expect(body.overlays.map((o: { id: string }) => o.id)).toEqual(['green-measurements-1', 'flag-1', 'green-downhill-arrows-1', 'hm']);
    for (const overlay of body.overlays) expect(overlay.instructions.length).toBeGreaterThan(0);
    const text = JSON.stringify(body);
    for (const forbidden of ['coordinates', '"lon"', '"lat"', 'projection', 'matrix', 'sidecar']) expect(text).not.toContain(forbidden);
    expect(text).not.toContain(String(course.location.longitude!.toFixed(4)));
  }, 60_000);

  it('refuses fairway chevrons over SRTM-class elevation with 422 elevation-too-coarse naming both resolutions', async () => {
    const hole = (
      await api.request({
        method: 'POST',
        url: '/v1/courses/demo-overlays-srtm-only/graphics/images',
        headers: { 'x-api-key': key },
        payload: { subject: { type: 'hole', holeNumber: 1 }, output: { format: 'png', width: 480, height: 800 } },
      })
    ).json();
    const refused = expectProblem(
      await resolve(hole.render.id, { receipt: hole.render.receipt, overlays: [{ type: 'fairway-downhill-chevrons' }] }),
      422,
      'elevation-too-coarse',
    );
    expect(refused).toMatchObject({ requiredResolutionMeters: 10, availableResolutionMeters: 92.8, elevationSource: 'srtm3' });
    expect(refused.detail).toContain('fairway downhill chevrons need elevation at 10 m or finer');
  }, 60_000);

  it('refuses a receipt presented by another key, a tampered or expired one, or one for another render', async () => {
    const items = { overlays: [{ type: 'flag' }] };
    expectProblem(await resolve(green.render.id, { receipt: green.render.receipt, ...items }, otherKey), 403, 'invalid-receipt');
    const [payload, signature] = green.render.receipt.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, ov: [...claims.ov, 'hole-centerline'] })).toString('base64url')}.${signature}`;
    expectProblem(await resolve(green.render.id, { receipt: forged, ...items }), 403, 'invalid-receipt');
    const expired = signReceipt(api.config.signingSecret, { ...claims, kid: keyId, exp: Math.floor(Date.now() / 1000) - 1 });
    expectProblem(await resolve(green.render.id, { receipt: expired, ...items }), 403, 'receipt-expired');
    expectProblem(await resolve(profile.render.id, { receipt: green.render.receipt, ...items }), 403, 'invalid-receipt');
    expectProblem(
      await api.request({ method: 'POST', url: `/v1/renders/${green.render.id}/overlays`, payload: { receipt: green.render.receipt, ...items } }),
      401,
      'missing-credential',
    );
  });

  it('gives a profile receipt no overlays, and refuses components a receipt does not allow', async () => {
    expect(profile.render.allowedOverlays).toEqual([]);
    expectProblem(await resolve(profile.render.id, { receipt: profile.render.receipt, overlays: [{ type: 'flag' }] }), 403, 'overlay-not-allowed');
    expectProblem(await resolve(green.render.id, { receipt: green.render.receipt, overlays: [{ type: 'fairway-widths' }] }), 403, 'overlay-not-allowed');
  });

  it('validates items: count, id pattern, duplicates, extra properties, ranges', async () => {
    const receipt = green.render.receipt;
    expectProblem(await resolve(green.render.id, { receipt, overlays: [] }), 400, 'invalid-parameter');
    expectProblem(await resolve(green.render.id, { receipt, overlays: Array.from({ length: 65 }, () => ({ type: 'flag' })) }), 400, 'invalid-parameter');
    expectProblem(await resolve(green.render.id, { receipt, overlays: [{ type: 'flag', id: '-bad' }] }), 400, 'invalid-parameter');
    expectProblem(
      await resolve(green.render.id, {
        receipt,
        overlays: [
          { type: 'flag', id: 'a' },
          { type: 'cup', id: 'a' },
        ],
      }),
      400,
      'duplicate-overlay-id',
    );
    expectProblem(await resolve(green.render.id, { receipt, overlays: [{ type: 'flag', color: 'red' }] }), 400, 'unknown-parameter');
    expectProblem(
      await resolve(green.render.id, { receipt, overlays: [{ type: 'green-measurements', style: { strokeWidth: 17 } }] }),
      400,
      'invalid-parameter',
    );
    expectProblem(await resolve(green.render.id, { overlays: [{ type: 'flag' }] }), 400, 'invalid-parameter');
  });
});
