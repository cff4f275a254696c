import type { INestApplicationContext } from '@nestjs/common';
import Ajv2020 from 'ajv/dist/2020';
import { generateDemoCourses } from '@caddie/catalog';
import { processingResponseV3Schema } from '@caddie/scorecards';
import { synthesizeScene } from '@caddie/synthesis';
import { processingV3Schema } from '../../apps/api/src/scorecards/processing-response.schema';
import { startApi, type ApiHarness } from '../support/api-harness';
import { imageUpload, scorecardDeadline, startScorecardWorker } from './scorecard-test-kit';

jest.setTimeout(120_000);

/**
 * The whole path with the shipped digit model: a synthetic photo of a filled M9 card (digits
 * from the MNIST calibration items, never the held-out ones) through the API and a worker
 * using SCORECARD_READER=local. Every accepted value must be what was written.
 */
describe('POST /v1/scorecards/process with the local digit model', () => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let key: string;

  beforeAll(async () => {
    api = await startApi({ extraModules: [scorecardDeadline({ processDeadlineMs: 60_000 })] });
    worker = await startScorecardWorker(api, { SCORECARD_READER: 'local' });
    key = (await api.createKey({ kind: 'live', scopes: ['scorecards:process'] })).key;
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  it.each(['M9H1/front-nine-page', 'M18B/back-nine-page'])('reads a filled %s card: accepted values are the written ones', async (captureId) => {
    const [course] = generateDemoCourses();
    const scene = await synthesizeScene(4242, {
      course,
      pageCount: 1,
      captureIds: [captureId],
      handwriting: true,
      handwritingItems: 'calibration',
      occlusion: 'none',
      maxTiltDegrees: 12,
      jpegQuality: 90,
      blurSigma: 0.6,
      noiseSigma: 2,
    });
    const upload = imageUpload(scene.jpeg!);
    const response = await api.request({
      method: 'POST',
      url: '/v1/scorecards/process',
      payload: upload.payload,
      headers: { 'x-api-key': key, 'idempotency-key': `local-reader-${captureId}`, ...upload.headers },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const validate = new Ajv2020({ strict: false }).compile(processingV3Schema);
    expect(validate(body) || validate.errors).toBe(true);
    expect(() => processingResponseV3Schema.parse(body)).not.toThrow();
    expect(body.pages).toHaveLength(1);
    const truth = scene.truth.pages[0].handwriting;
    const fields = body.pages[0].processing.fields as { row: string; field: string; decision: string; value: number | string | null; bestGuess?: unknown }[];
    const accepted = fields.filter((f) => f.decision === 'ACCEPTED');
    const written = (f: { row: string; field: string }) => truth.find((t) => t.row === f.row && t.field === f.field);
    for (const f of accepted)
      expect({ field: `${f.row}.${f.field}`, value: f.value }).toEqual({ field: `${f.row}.${f.field}`, value: written(f)?.value ?? null });
    // the model accepts readings by itself (a failed totals check sends a whole column to review)
    expect(accepted.filter((f) => f.value !== null).length).toBeGreaterThanOrEqual(1);
    expect(body.summary.acceptedCells + body.summary.reviewCells).toBe(fields.length);
  });
});
