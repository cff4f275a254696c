import type { INestApplicationContext } from '@nestjs/common';
import sharp from 'sharp';
import { generateDemoCourses } from '@caddie/catalog';
import { DESIGN_CATALOG, type CaptureDefinition, type PixelImage } from '@caddie/fiducials';
import { compilePrintable, parsePrintableRequest, renderPrintablePage } from '@caddie/printables';
import { synthesizeScene } from '@caddie/synthesis';
import { fillCardByHand, type WrittenValue } from '../support/handwritten-card';
import { startApi, type ApiHarness } from '../support/api-harness';
import { imageUpload, scorecardDeadline, startScorecardWorker } from '../scorecards/scorecard-test-kit';

jest.setTimeout(300_000);

const DESIGNS = ['M18F', 'M18B', 'M9H1'] as const;

/**
 * The printables round trip: the `scorecard@1` printable of each production design, as its
 * 300-dpi page PNG, is filled in by the handwriting generator (MNIST calibration items, never
 * the held-out ones), photographed by the scene synthesizer, and read by POST
 * /v1/scorecards/process with the local digit model. What must hold whatever the model: the
 * page and its design are recognized, every accepted cell is what was written (or blank where
 * nothing was), and a cell is flagged only with a reason the reader gives.
 */
describe('scorecard@1 printables round trip through /v1/scorecards/process', () => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let key: string;
  const [course] = generateDemoCourses();
  const pars = new Map(course.holes.map((h) => [h.number, h.par]));

  beforeAll(async () => {
    api = await startApi({ extraModules: [scorecardDeadline({ processDeadlineMs: 120_000 })] });
    worker = await startScorecardWorker(api, { SCORECARD_READER: 'local' });
    key = (await api.createKey({ kind: 'live', scopes: ['scorecards:process'] })).key;
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  it.each(DESIGNS)('design %s: printed, filled by hand, photographed and read back', async (design) => {
    const manifest = compilePrintable(course, 'sha256:' + '0'.repeat(64), parsePrintableRequest('scorecard@1', { design, dpi: 300 }));
    expect(manifest.pages).toHaveLength(1);
    const page = await renderPrintablePage(course, manifest, 0);
    const { data, info } = await sharp(Buffer.from(page.png)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect((await sharp(Buffer.from(page.png)).metadata()).density).toBe(300);
    const card: PixelImage = { data: new Uint8Array(data), width: info.width, height: info.height, channels: 4 };

    const capture: CaptureDefinition = DESIGN_CATALOG.find((d) => d.designCode === design)!.captures['single-page'];
    // the printable page is the capture surface at 300 dpi (the trim is the card)
    expect(Math.abs(card.width / card.height - capture.widthMm / capture.heightMm)).toBeLessThan(0.01);
    expect(Math.abs(card.width / (capture.widthMm / 25.4) - 300)).toBeLessThan(3);
    const written = fillCardByHand(card, capture, (n) => pars.get(n), 1600 + DESIGNS.indexOf(design), 'calibration');
    expect(written.length).toBeGreaterThan(9);

    const scene = await synthesizeScene(7100 + DESIGNS.indexOf(design), {
      course,
      pageCount: 1,
      captureIds: [capture.captureId],
      printedCard: (c) => (c.captureId === capture.captureId ? card : undefined),
      handwriting: false,
      occlusion: 'none',
      maxTiltDegrees: 10,
      jpegQuality: 90,
      blurSigma: 0.5,
      noiseSigma: 2,
      width: 2400,
      height: 1800,
    });
    const upload = imageUpload(scene.jpeg!);
    const response = await api.request({
      method: 'POST',
      url: '/v1/scorecards/process',
      payload: upload.payload,
      headers: { 'x-api-key': key, 'idempotency-key': `round-trip-${design}-${Date.now()}`, ...upload.headers },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pages).toHaveLength(1);
    const read = body.pages[0];
    // the page and its design are recognized from the printed markers and identity
    expect(JSON.stringify(read)).toContain(capture.captureId.split('/')[0]);
    expect(read.processing.status).not.toBe('NOT_PROCESSED');

    type Field = { row: string; field: string; decision: string; value: number | string | null; reasonCodes?: string[] };
    const fields = read.processing.fields as Field[];
    const truth = (f: Field): WrittenValue | undefined => written.find((w) => w.row === f.row && w.field === f.field);
    const accepted = fields.filter((f) => f.decision === 'ACCEPTED');
    const flagged = fields.filter((f) => f.decision !== 'ACCEPTED');
    // every accepted cell is what was written, or blank where nothing was
    expect(accepted.map((f) => `${f.row}.${f.field}=${f.value}`)).toEqual(accepted.map((f) => `${f.row}.${f.field}=${truth(f)?.value ?? null}`));
    // a cell is flagged only where the reader says why it is unsure
    expect(flagged.filter((f) => !(f.reasonCodes && f.reasonCodes.length > 0)).map((f) => `${f.row}.${f.field}`)).toEqual([]);
    const writtenRead = written.filter((w) => fields.some((f) => f.row === w.row && f.field === w.field));
    const right = accepted.filter((f) => truth(f) !== undefined).length;
    process.stdout.write(
      `${design}: ${written.length} values written (${writtenRead.length} among the ${fields.length} fields read); ${accepted.length} accepted (${right} of them written values), ${flagged.length} flagged: ${[...new Set(flagged.flatMap((f) => f.reasonCodes ?? []))].join(', ')}\n`,
    );
    expect(fields.length).toBeGreaterThan(0);
  });
});
