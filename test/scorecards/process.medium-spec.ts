import type { INestApplicationContext } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import Ajv2020 from 'ajv/dist/2020';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { scorecardReadingsCounterKey } from '@caddie/jobs';
import { UsageUnitEntity } from '@caddie/persistence';
import { REDIS } from '../../apps/api/src/platform/redis/redis.module';
import { processingResponseV3Schema } from '@caddie/scorecards';
import { processingV3Schema } from '../../apps/api/src/scorecards/processing-response.schema';
import { ScorecardQueue } from '../../apps/api/src/scorecards/scorecard-queue';
import { UsageMeter } from '../../apps/api/src/scorecards/usage-meter';
import type { WorkerHost } from '@nestjs/bullmq';
import { SCORECARD_PROCESSOR } from '../../apps/scorecard-worker/src/worker-env.token';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { FakeVisionProvider } from './fake-vision-provider';
import { cardJpeg, imageUpload, scorecardDeadline, startScorecardWorker } from './scorecard-test-kit';

jest.setTimeout(120_000);

const VERSION = 'caddie-scorecard-processing-version';
const PROCESS_DEADLINE_MS = 20_000;

describe('POST /v1/scorecards/process (worker with an HTTP vision provider on loopback)', () => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let vision: FakeVisionProvider;
  let key: string;
  let organizationId: string;
  let m9: Buffer;
  let keySerial = 0;

  const visionEnv = () => ({
    SCORECARD_READER: 'http-vision',
    SCORECARD_VISION_URL: vision.url,
    SCORECARD_VISION_API_KEY: 'sk-test-fake-provider',
    SCORECARD_VISION_MODEL: 'fake-vision-1',
    SCORECARD_VISION_TIMEOUT_MS: '3000',
  });

  beforeAll(async () => {
    vision = new FakeVisionProvider();
    await vision.start();
    api = await startApi({ extraModules: [scorecardDeadline({ processDeadlineMs: PROCESS_DEADLINE_MS })] });
    worker = await startScorecardWorker(api, visionEnv());
    const created = await api.createKey({ kind: 'live', scopes: ['scorecards:process'] });
    key = created.key;
    organizationId = (await api.app.get<DataSource>(getDataSourceToken()).query('SELECT organization_id FROM api_keys WHERE id = ?', [created.id]))[0]
      .organization_id;
    m9 = await cardJpeg('M9H1/front-nine-page');
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await vision?.stop();
  });

  const nextKey = () => `test-key-${process.pid}-${++keySerial}`;
  const post = (idempotencyKey: string | undefined, fields: Record<string, string> = {}, headers: Record<string, string> = {}, image = m9) => {
    const upload = imageUpload(image, fields);
    return api.request({
      method: 'POST',
      url: '/v1/scorecards/process',
      payload: upload.payload,
      headers: { 'x-api-key': key, ...upload.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}), ...headers },
    });
  };
  const units = () => api.app.get(UsageMeter).count(organizationId, 'scorecards:process');
  const readings = async () => {
    const counts = await api.app.get<Redis>(REDIS).hvals(scorecardReadingsCounterKey(api.config.env.REDIS_PREFIX));
    return counts.reduce((sum, n) => sum + Number(n), 0);
  };

  /** A consistent card: 4 strokes and 2 putts per hole, totals 36 and 18. */
  const consistentCard = (id: string) => ({ 'totals.score': '36', 'totals.putts': '18' })[id] ?? (id.endsWith('.putts') ? '2' : '4');

  it('processes a photo: version 3 body, one reading, one usage unit, no crop geometry', async () => {
    vision.mode = { kind: 'read', digits: consistentCard };
    const [unitsBefore, readingsBefore] = [await units(), await readings()];
    const response = await post(nextKey(), { courseId: 'osm-way-1', teeBox: 'white', identifier: 'round-7' }, { [VERSION]: '3' });
    expect(response.statusCode).toBe(200);
    expect(response.headers[VERSION]).toBe('3');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    const body = response.json();
    const validate = new Ajv2020({ strict: false }).compile(processingV3Schema);
    expect(validate(body) || validate.errors).toBe(true);
    expect(() => processingResponseV3Schema.parse(body)).not.toThrow();
    expect(body).toMatchObject({
      requestId: response.headers['x-request-id'],
      courseId: 'osm-way-1',
      teeBox: 'white',
      identifier: 'round-7',
      schema: 'caddie-scorecard-processing@3',
    });
    expect(body.pages).toHaveLength(1);
    const [page] = body.pages;
    expect(page.design).toEqual({ designId: 'SM9H1', panel: 'F9' });
    const field = (row: string, name: string) => page.processing.fields.find((f: { row: string; field: string }) => f.row === row && f.field === name);
    expect(field('hole-1', 'score')).toMatchObject({ decision: 'ACCEPTED', value: 4, literal: '4', reasonCodes: [] });
    expect(field('hole-9', 'putts')).toMatchObject({ decision: 'ACCEPTED', value: 2 });
    expect(field('totals', 'score')).toMatchObject({ decision: 'ACCEPTED', value: 36 });
    expect(page.processing.summary).toMatchObject({ reviewCells: 0, reviewRate: 0 });
    expect(body.status).toBe('COMPLETE');
    expect(page.status).toBe('PROCESSED');
    expect(body.summary).toMatchObject({ discoveredPages: 1, processedPages: 1, normalizedOnlyPages: 0, reviewCells: 0 });
    expect(body.roundDrafts).toHaveLength(1);
    expect(body.roundDrafts[0].pageInstanceIds).toEqual([page.pageInstanceId]);
    expect(body.roundDrafts[0].record.holes).toEqual(Array.from({ length: 9 }, (_, i) => ({ holeNumber: i + 1, score: 4 })));
    expect(JSON.stringify(body)).not.toMatch(/"(x1|box|markerEvidence|sourceCorners|confidence|provider|model|debugImage|url)"/);
    expect(vision.lastRequest).toMatchObject({ store: false, model: 'fake-vision-1', authorization: 'Bearer sk-test-fake-provider' });
    expect(await units()).toBe(unitsBefore + 1);
    expect(await readings()).toBe(readingsBefore + 1);
  });

  it('flags a totals row that disagrees with the holes and never corrects it', async () => {
    vision.mode = { kind: 'read', digits: (id) => (id === 'totals.score' ? '35' : consistentCard(id)) };
    const body = (await post(nextKey())).json();
    const fields = body.pages[0].processing.fields as {
      row: string;
      field: string;
      decision: string;
      value: unknown;
      bestGuess?: unknown;
      reasonCodes: string[];
    }[];
    const totals = fields.find((f) => f.row === 'totals' && f.field === 'score')!;
    expect(totals).toMatchObject({ decision: 'NEEDS_REVIEW', value: null, bestGuess: 35 });
    expect(totals.reasonCodes).toContain('total-mismatch');
    expect(fields.find((f) => f.row === 'totals' && f.field === 'putts')).toMatchObject({ decision: 'ACCEPTED', value: 18 });
    expect(body.status).toBe('COMPLETE_WITH_REVIEW');
    expect(body.pages[0].status).toBe('NEEDS_REVIEW');
    // the draft keeps what was read (best guesses included): nothing is recomputed from the total
    expect(body.roundDrafts[0].record.holes.map((h: { score: number }) => h.score)).toEqual(Array(9).fill(4));
  });

  it('replays a completed request without reading or metering again; other input under the key is a conflict', async () => {
    vision.mode = { kind: 'read', digits: '5' };
    const idempotencyKey = nextKey();
    const first = await post(idempotencyKey, { identifier: 'replay-1' });
    expect(first.statusCode).toBe(200);
    const [unitsAfter, readingsAfter, providerCalls] = [await units(), await readings(), vision.requests];
    vision.mode = { kind: 'read', digits: '6' };
    const replay = await post(idempotencyKey, { identifier: 'replay-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect([await units(), await readings(), vision.requests]).toEqual([unitsAfter, readingsAfter, providerCalls]);
    expectProblem(await post(idempotencyKey, { identifier: 'replay-2' }), 409, 'idempotency-key-conflict');
    expectProblem(await post(idempotencyKey, { identifier: 'replay-1' }, {}, await cardJpeg('M9H1GG/front-nine-page')), 409, 'idempotency-key-conflict');
    expect(await units()).toBe(unitsAfter);
  });

  it('20 parallel requests with one key: one reading, one usage unit, the others 409 in-progress or the stored result', async () => {
    vision.mode = { kind: 'read', digits: '3', delayMs: 1500 };
    const [unitsBefore, readingsBefore, providerCalls] = [await units(), await readings(), vision.requests];
    const idempotencyKey = nextKey();
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(idempotencyKey, { identifier: 'parallel' })));
    const ok = responses.filter((r) => r.statusCode === 200);
    const busy = responses.filter((r) => r.statusCode === 409);
    expect(ok.length + busy.length).toBe(20);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of busy) {
      expect(r.json().code).toBe('scorecard-processing-in-progress');
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // the wait the recent readings of this process suggest (about a second each here), not the 30 s deadline
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(5);
    }
    const bodies = new Set(ok.map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(ok.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await units()).toBe(unitsBefore + 1);
    expect(await readings()).toBe(readingsBefore + 1);
    expect(vision.requests).toBe(providerCalls + 1);
    const later = await post(idempotencyKey, { identifier: 'parallel' });
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe([...bodies][0]);
  });

  it('refuses a missing or malformed Idempotency-Key and unserved processing versions before reading anything', async () => {
    const calls = vision.requests;
    for (const bad of [undefined, 'short', 'x'.repeat(129), 'has space inside', 'naïve-key-123']) {
      expectProblem(await post(bad), 400, 'invalid-idempotency-key');
    }
    for (const version of ['1', '2', '4', 'latest']) {
      expectProblem(await post(nextKey(), {}, { [VERSION]: version }), 406, 'scorecard-processing-version-incompatible');
    }
    expect(vision.requests).toBe(calls);
  });

  it('answers 502 scorecard-extraction-failed for an unusable provider answer, and the same key may retry', async () => {
    vision.mode = { kind: 'garbage' };
    const idempotencyKey = nextKey();
    const before = await units();
    expectProblem(await post(idempotencyKey), 502, 'scorecard-extraction-failed');
    expect(await units()).toBe(before);
    vision.mode = { kind: 'read', digits: '4' };
    expect((await post(idempotencyKey)).statusCode).toBe(200);
    expect(await units()).toBe(before + 1);
  });

  it('answers 503 scorecard-processing-unavailable when the provider is down, with Retry-After', async () => {
    vision.mode = { kind: 'status', status: 503 };
    const before = await units();
    const response = await post(nextKey());
    expectProblem(response, 503, 'scorecard-processing-unavailable');
    expect(response.headers['retry-after']).toBeDefined();
    expect(await units()).toBe(before);
  });

  it('pins the key to 409 scorecard-processing-outcome-unknown when the provider may have read the photo', async () => {
    vision.mode = { kind: 'stall' };
    const idempotencyKey = nextKey();
    const before = await units();
    expectProblem(await post(idempotencyKey), 409, 'scorecard-processing-outcome-unknown');
    vision.mode = { kind: 'read', digits: '4' };
    const calls = vision.requests;
    expectProblem(await post(idempotencyKey), 409, 'scorecard-processing-outcome-unknown');
    expect(vision.requests).toBe(calls);
    expect(await units()).toBe(before);
  });

  it('answers 504 when the deadline passes mid-reading, and the key then answers outcome-unknown', async () => {
    const timing = api.app.get(ScorecardQueue).timing;
    timing.processDeadlineMs = 2500;
    try {
      vision.mode = { kind: 'read', digits: '4', delayMs: 2800 };
      const idempotencyKey = nextKey();
      const response = await post(idempotencyKey);
      const problem = expectProblem(response, 504, 'scorecard-processing-deadline-exceeded');
      // normalization of this photo takes well under the deadline, so the provider call had started
      expect(problem.retryWithSameKey).toBe(false);
      expectProblem(await post(idempotencyKey), 409, 'scorecard-processing-outcome-unknown');
    } finally {
      timing.processDeadlineMs = PROCESS_DEADLINE_MS;
    }
  });

  it('answers 504 with retryWithSameKey when no worker started the job, and the same key then succeeds', async () => {
    const processor = worker.get<{ host: WorkerHost }>(SCORECARD_PROCESSOR).host;
    const timing = api.app.get(ScorecardQueue).timing;
    await processor.worker.pause();
    timing.processDeadlineMs = 1500;
    const idempotencyKey = nextKey();
    try {
      const problem = expectProblem(await post(idempotencyKey), 504, 'scorecard-processing-deadline-exceeded');
      expect(problem.retryWithSameKey).toBe(true);
    } finally {
      timing.processDeadlineMs = PROCESS_DEADLINE_MS;
      processor.worker.resume();
    }
    vision.mode = { kind: 'read', digits: '4' };
    expect((await post(idempotencyKey)).statusCode).toBe(200);
  });

  it('answers 503 usage-meter-unavailable when the unit cannot be recorded; nothing is kept and the key may retry', async () => {
    vision.mode = { kind: 'read', digits: '4' };
    const db = api.app.get<DataSource>(getDataSourceToken());
    const idempotencyKey = nextKey();
    await db.query('ALTER TABLE usage_units RENAME TO usage_units_offline');
    try {
      expectProblem(await post(idempotencyKey), 503, 'usage-meter-unavailable');
    } finally {
      await db.query('ALTER TABLE usage_units_offline RENAME TO usage_units');
    }
    const before = await units();
    const retry = await post(idempotencyKey);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await units()).toBe(before + 1);
  });

  it('answers 503 scorecard-response-too-large when the result cannot be stored for replay, unmetered', async () => {
    vision.mode = { kind: 'read', digits: '4' };
    const timing = api.app.get(ScorecardQueue).timing;
    const saved = timing.maxReplayBytes;
    timing.maxReplayBytes = 500;
    const before = await units();
    try {
      expectProblem(await post(nextKey()), 503, 'scorecard-response-too-large');
    } finally {
      timing.maxReplayBytes = saved;
    }
    expect(await units()).toBe(before);
  });

  it('answers 503 scorecard-idempotency-unavailable when the idempotency store cannot be reached', async () => {
    const redis = api.app.get<Redis>(REDIS);
    const spy = jest.spyOn(redis, 'set').mockRejectedValueOnce(new Error('connection lost'));
    try {
      const response = await post(nextKey());
      expectProblem(response, 503, 'scorecard-idempotency-unavailable');
      expect(response.headers['retry-after']).toBeDefined();
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 503 scorecard-processing-configuration-invalid from a worker whose provider settings are unusable', async () => {
    const processor = worker.get<{ host: WorkerHost }>(SCORECARD_PROCESSOR).host;
    await processor.worker.pause();
    const misconfigured = await startScorecardWorker(api, { SCORECARD_READER: 'http-vision', SCORECARD_VISION_API_KEY: 'sk-test' });
    try {
      expectProblem(await post(nextKey()), 503, 'scorecard-processing-configuration-invalid');
    } finally {
      await misconfigured.close();
      processor.worker.resume();
    }
  });

  it('refuses publishable keys and browser origins like normalize', async () => {
    const publishable = (await api.createKey({ kind: 'pk_live', scopes: ['scorecards:capture'], origins: ['https://app.example.com'] })).key;
    const upload = imageUpload(m9);
    const asBrowser = await api.request({
      method: 'POST',
      url: '/v1/scorecards/process',
      payload: upload.payload,
      headers: { 'x-api-key': publishable, origin: 'https://app.example.com', 'idempotency-key': nextKey(), ...upload.headers },
    });
    expect(asBrowser.statusCode).toBe(403);
  });
});

describe('POST /v1/scorecards/process on PostgreSQL', () => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let vision: FakeVisionProvider;

  beforeAll(async () => {
    vision = new FakeVisionProvider();
    await vision.start();
    api = await startApi({ database: 'postgres', extraModules: [scorecardDeadline({ processDeadlineMs: PROCESS_DEADLINE_MS })] });
    worker = await startScorecardWorker(api, {
      SCORECARD_READER: 'http-vision',
      SCORECARD_VISION_URL: vision.url,
      SCORECARD_VISION_API_KEY: 'sk-test-fake-provider',
      SCORECARD_VISION_TIMEOUT_MS: '3000',
    });
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await vision?.stop();
  });

  it('records exactly one durable usage unit per logical request, replays included', async () => {
    const created = await api.createKey({ kind: 'live', scopes: ['scorecards:process'] });
    const upload = imageUpload(await cardJpeg('M9H10GG/back-nine-page'));
    const send = () =>
      api.request({
        method: 'POST',
        url: '/v1/scorecards/process',
        payload: upload.payload,
        headers: { 'x-api-key': created.key, 'idempotency-key': 'pg-metering-0001', ...upload.headers },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json().pages[0].design).toEqual({ designId: 'SM9H10GG', panel: 'B9' });
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    const db = api.app.get<DataSource>(getDataSourceToken());
    const rows = await db.getRepository(UsageUnitEntity).find();
    expect(rows.map(({ apiKeyId, scope, requestId }) => ({ apiKeyId, scope, requestId }))).toEqual([
      { apiKeyId: created.id, scope: 'scorecards:process', requestId: first.headers['x-request-id'] },
    ]);
  });
});
