import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import sharp from 'sharp';
import { decodeArtifactToken, type ArtifactStore } from '@caddie/artifacts';
import { retentionUntil } from '@caddie/scorecards';
import { CONSUMER_CHECK_CACHE_MS } from '../../apps/api/src/platform/redis/queue-consumers';
import { ARTIFACT_STORE } from '../../apps/api/src/platform/storage/artifact-store.provider';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { idleConsumer } from '../support/idle-consumer';
import { describeWithSharedData, sharedDataPath } from '../support/shared-data';
import { cardJpeg, imageUpload, looseLabelJpeg, multipart, scorecardDeadline, startScorecardWorker } from './scorecard-test-kit';

jest.setTimeout(60_000);

const VERSION = 'caddie-scorecard-normalization-version';
const ORIGIN = 'https://app.example.com';

describe('POST /v1/scorecards/normalize with a scorecard worker', () => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let key: string;
  let m9: Buffer;

  beforeAll(async () => {
    api = await startApi({ extraModules: [scorecardDeadline(30_000)] });
    worker = await startScorecardWorker(api);
    key = (await api.createKey({ kind: 'live', scopes: ['scorecards:process'] })).key;
    m9 = await cardJpeg('M9H1/front-nine-page');
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  const post = (upload: { payload: Buffer | string; headers: Record<string, string> }, headers: Record<string, string> = {}) =>
    api.request({ method: 'POST', url: '/v1/scorecards/normalize', payload: upload.payload, headers: { 'x-api-key': key, ...upload.headers, ...headers } });
  const postJson = (body: unknown, headers: Record<string, string> = {}) =>
    post({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }, headers);

  it('normalizes an uploaded photo (v4) with fetchable, verifiable artifacts and nothing persisted', async () => {
    const started = Date.now();
    const response = await post(imageUpload(m9, { courseId: 'osm-way-1', teeBox: 'white', identifier: 'round-42' }));
    expect(response.statusCode).toBe(200);
    expect(response.headers[VERSION]).toBe('4');
    // Bearer URLs in the body: never cached.
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({
      requestId: response.headers['x-request-id'],
      courseId: 'osm-way-1',
      teeBox: 'white',
      identifier: 'round-42',
      schema: 'caddie-scorecard-normalization@4',
      status: 'COMPLETE',
      source: { method: 'multipart', persisted: false },
      issues: [],
    });
    expect(body.pages).toHaveLength(1);
    expect(body.pages[0]).toMatchObject({ status: 'NORMALIZED', template: { designId: 'SM9H1' }, printedMetadata: { courseToken: 'K7M2Q' } });
    const store = api.app.get<ArtifactStore>(ARTIFACT_STORE);
    for (const [name, descriptor] of Object.entries(body.pages[0].artifacts) as [string, Record<string, any>][]) {
      const url = new URL(descriptor.url);
      const fetched = await api.request({ method: 'GET', url: url.pathname + url.search });
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers['content-type']).toBe(descriptor.contentType);
      expect(descriptor.contentType).toBe(name === 'normalizedImage' ? 'image/png' : 'image/jpeg');
      expect(`sha256:${createHash('sha256').update(fetched.rawPayload).digest('hex')}`).toBe(descriptor.sha256);
      expect(fetched.rawPayload.length).toBe(descriptor.sizeBytes);
      const meta = await sharp(fetched.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([descriptor.width, descriptor.height]);
      const expiresAt = Date.parse(descriptor.expiresAt);
      expect(expiresAt).toBeGreaterThan(Date.now());
      expect(expiresAt).toBeLessThanOrEqual(started + 24 * 3600 * 1000);
      expect(descriptor.retentionUntil).toBe(retentionUntil(new Date(started)).toISOString());
      const objectKey = decodeArtifactToken(url.pathname.split('/').pop()!);
      expect(objectKey).toMatch(/^scorecards\//);
      expect((await store.head(objectKey))?.metadata).toMatchObject({ retentionUntil: descriptor.retentionUntil, sha256: descriptor.sha256 });
    }
    // Only the two derived images were written; the job (and the photo in it) is gone from Redis.
    const files = listFiles(join(api.config.env.DATA_DIR, 'artifacts')).filter((f) => !f.endsWith('.meta.json'));
    expect(files.map((f) => f.replace(/.*\//, '')).sort()).toEqual(['page-1-markers.jpg', 'page-1-normalized.png']);
    const queue = api.app.get<Queue>(getQueueToken('scorecard'));
    // The only jobs left are the cluster's scheduled retention sweeps.
    const left = await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
    expect(left.filter((job) => job.name !== 'scorecard.sweep-artifacts')).toEqual([]);
  });

  it("answers 422 scorecard-identity-contradictory for a page with another card's identity label lying on it", async () => {
    const response = await post(imageUpload(await looseLabelJpeg()));
    expectProblem(response, 422, 'scorecard-identity-contradictory');
    expect(response.json().detail).toMatch(/another card/);
  });

  it('answers version 2 for an M9 page and 406 for an M18 page', async () => {
    const v2 = await post(imageUpload(m9), { [VERSION]: '2' });
    expect(v2.statusCode).toBe(200);
    expect(v2.headers[VERSION]).toBe('2');
    expect(v2.json()).toMatchObject({
      schema: 'caddie-scorecard-normalization@2',
      courseId: null,
      teeBox: null,
      identifier: null,
      regions: { panel: 'F9' },
      artifacts: { normalizedImage: { contentType: 'image/png' } },
    });
    expect(v2.json().regions.holes).toHaveLength(9);
    expectProblem(
      await post(imageUpload(await cardJpeg('M18F/front-nine-page', { width: 1350, height: 1800 })), { [VERSION]: '2' }),
      406,
      'scorecard-normalization-version-incompatible',
    );
  });

  it('carries worker-side refusals back as their spec codes', async () => {
    expectProblem(await post(imageUpload(await cardJpeg('M9H10/back-nine-page'))), 422, 'scorecard-design-disabled');
    expectProblem(await post(imageUpload(await cardJpeg('M9H1/vertical-spread', { width: 1350, height: 1800 }))), 422, 'scorecard-capture-disabled');
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expectProblem(await post(imageUpload(blank, {}, 'image/png')), 422, 'registration-markers-incomplete');
    // A JPEG whose header is intact but whose data stops half way decodes only in the worker.
    expectProblem(await post(imageUpload(m9.subarray(0, Math.floor(m9.length / 2)))), 400, 'image-decode-failed');
  });

  it('refuses unsupported versions before reading the body', async () => {
    for (const version of ['5', '1', 'latest']) {
      expectProblem(await post(imageUpload(m9), { [VERSION]: version }), 406, 'unsupported-normalization-version');
    }
  });

  it('validates image URLs (no request leaves for these)', async () => {
    for (const url of [
      'http://images.example.com/card.jpg',
      'https://images.example.com:8443/card.jpg',
      'https://user:pass@images.example.com/card.jpg',
      'https://images.example.com/card.jpg#frag',
      'https://127.0.0.1/card.jpg',
      'https://10.0.0.1/card.jpg',
      'https://[::1]/card.jpg',
      'https://localhost/card.jpg',
      'not a url',
    ]) {
      expectProblem(await postJson({ image: { url } }), 400, 'invalid-image-url');
    }
    expectProblem(await postJson({ courseId: 'x' }), 400, 'invalid-scorecard-request');
    expectProblem(await postJson({ image: { url: 'https://images.example.com/a.jpg' }, extra: 1 }), 400, 'invalid-scorecard-request');
    expectProblem(await post({ payload: '{"image":', headers: { 'content-type': 'application/json' } }), 400, 'invalid-json');
  });

  it('refuses other content types, image types, malformed multipart and oversize input', async () => {
    expectProblem(await post({ payload: 'hello', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported-content-type');
    expectProblem(await post({ payload: m9, headers: { 'content-type': 'image/jpeg' } }), 415, 'unsupported-content-type');
    expectProblem(await post(imageUpload(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), {}, 'image/gif')), 415, 'unsupported-image-type');
    expectProblem(await post(imageUpload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]))), 400, 'image-decode-failed');
    const broken = imageUpload(m9);
    expectProblem(await post({ payload: broken.payload.subarray(0, 300), headers: broken.headers }), 400, 'invalid-multipart');
    expectProblem(await post({ payload: broken.payload, headers: { 'content-type': 'multipart/form-data' } }), 400, 'invalid-multipart');
    expectProblem(await post(multipart([{ name: 'photo', value: m9, filename: 'a.jpg' }])), 400, 'invalid-scorecard-request');
    expectProblem(await post(multipart([{ name: 'courseId', value: 'a' }])), 400, 'invalid-scorecard-request');
    // 4,000,001 image bytes fit the 4,250,000-byte request: the image limit answers.
    expectProblem(await post(imageUpload(Buffer.concat([m9, Buffer.alloc(4_000_001 - m9.length)]))), 413, 'image-too-large');
    expectProblem(await post(imageUpload(Buffer.alloc(4_300_000, 0xff))), 413, 'scorecard-request-too-large');
    // 8000 x 6000 = 48 MP of one colour is a tiny PNG over the decoded-pixel limit.
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expectProblem(await post(imageUpload(huge, {}, 'image/png')), 413, 'image-too-large');
  });

  it('keeps multipart bodies away from routes that do not read them', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/v1/courses/osm-way-1/graphics/images',
      payload: imageUpload(m9).payload,
      headers: { 'x-api-key': key, ...imageUpload(m9).headers },
    });
    expectProblem(response, 415, 'unsupported-content-type');
  });

  it('refuses missing keys, publishable keys, browser origins and keys without the scope', async () => {
    const pk = (await api.createKey({ kind: 'pk_live', scopes: ['scorecards:capture'], origins: [ORIGIN] })).key;
    const other = (await api.createKey({ kind: 'live', scopes: ['courses:read'] })).key;
    const upload = imageUpload(m9);
    expectProblem(
      await api.request({ method: 'POST', url: '/v1/scorecards/normalize', payload: upload.payload, headers: upload.headers }),
      401,
      'missing-credential',
    );
    expectProblem(await post(upload, { 'x-api-key': pk, origin: ORIGIN }), 403, 'publishable-key-not-allowed');
    expectProblem(await post(upload, { origin: ORIGIN }), 403, 'browser-origin-not-allowed');
    expectProblem(await post(upload, { 'x-api-key': other }), 403, 'insufficient-scope');
  });

  it('documents the route with both body types, the version header and every problem code', async () => {
    const doc = (await api.request({ method: 'GET', url: '/v1/openapi.json' })).json();
    const operation = doc.paths['/v1/scorecards/normalize'].post;
    expect(Object.keys(operation.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(operation.responses['200'].headers[VERSION]).toBeDefined();
    expect(operation.responses['200'].content['application/json'].schema.required).toEqual(expect.arrayContaining(['pages', 'discovery', 'issues', 'status']));
    const codes = Object.values(operation.responses).flatMap((r: any) => r['x-problem-codes'] ?? []);
    expect(codes).toEqual(
      expect.arrayContaining([
        'invalid-image-url',
        'image-too-large',
        'scorecard-normalization-unavailable',
        'unsupported-normalization-version',
        'registration-markers-incomplete',
      ]),
    );
  });

  describeWithSharedData('real scorecard photographs without markers')('real photographs', () => {
    it('answers each real photograph without markers with 422, never a guessed crop', async () => {
      const folder = sharedDataPath('photos');
      const photos = readdirSync(folder).filter((f) => /\.jpe?g$/i.test(f));
      expect(photos.length).toBeGreaterThan(0);
      for (const name of photos) {
        const response = await post(imageUpload(readFileSync(join(folder, name))));
        expect({ name, status: response.statusCode, code: response.json().code }).toEqual({ name, status: 422, code: 'registration-markers-incomplete' });
      }
    });
  });
});

describe('POST /v1/scorecards/normalize without a worker', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({ extraModules: [scorecardDeadline(1500)] });
  });
  afterAll(() => api?.close());

  const post = async (key: string) => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const upload = imageUpload(png, {}, 'image/png');
    return api.request({ method: 'POST', url: '/v1/scorecards/normalize', payload: upload.payload, headers: { 'x-api-key': key, ...upload.headers } });
  };
  const waitingJobs = () => api.app.get<Queue>(getQueueToken('scorecard')).getJobCounts('waiting', 'active', 'delayed');

  it('answers 503 scorecard-normalization-unavailable when no scorecard worker connects within the deadline, adding no job', async () => {
    const key = (await api.createKey({ kind: 'live', scopes: ['scorecards:process'] })).key;
    const response = await post(key);
    const problem = expectProblem(response, 503, 'scorecard-normalization-unavailable');
    expect(problem.detail).toMatch(/no scorecard worker is running/i);
    expect(response.headers['retry-after']).toBeDefined();
    expect(await waitingJobs()).toMatchObject({ waiting: 0, active: 0, delayed: 0 });
  });

  it('answers 503 at the deadline when a connected worker takes nothing, and removes the job', async () => {
    // a registered consumer that never runs: present for the API, yet no job is taken
    const idle = await idleConsumer(api, 'scorecard');
    // the previous test's "no consumer" answer is reused for CONSUMER_CHECK_CACHE_MS
    await new Promise((resolve) => setTimeout(resolve, CONSUMER_CHECK_CACHE_MS + 50));
    try {
      const key = (await api.createKey({ kind: 'live', scopes: ['scorecards:process'] })).key;
      const response = await post(key);
      const problem = expectProblem(response, 503, 'scorecard-normalization-unavailable');
      expect(problem.detail).toMatch(/within the request deadline/);
      expect(await waitingJobs()).toMatchObject({ waiting: 0, active: 0, delayed: 0 });
    } finally {
      await idle.close();
    }
  });
});

describe('POST /v1/scorecards/normalize at the upload admission limit', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({ extraModules: [scorecardDeadline(1500)], env: { MAX_CONCURRENT_UPLOADS: '1' } });
  });
  afterAll(() => api?.close());

  it('refuses an upload over the limit at once with 503 server-busy and Retry-After; the admitted one runs to its own answer', async () => {
    const idle = await idleConsumer(api, 'scorecard');
    try {
      const key = (await api.createKey({ kind: 'live', scopes: ['scorecards:process'] })).key;
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const upload = imageUpload(png, {}, 'image/png');
      const post = () =>
        api.request({ method: 'POST', url: '/v1/scorecards/normalize', payload: upload.payload, headers: { 'x-api-key': key, ...upload.headers } });
      const admitted = post();
      // the admitted request holds its slot until its deadline (the idle worker takes nothing)
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await post();
      expectProblem(refused, 503, 'server-busy');
      expect(refused.headers['retry-after']).toBe('2');
      expectProblem(await admitted, 503, 'scorecard-normalization-unavailable');
    } finally {
      await idle.close();
    }
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}
