import { generateDemoCourses, type Course } from '@caddie/catalog';
import { HandwritingProviderError, type CellImage, type CellReading, type HandwritingProvider } from '@caddie/handwriting';
import { DESIGN_CATALOG, processorFor } from '@caddie/fiducials';
import { synthesizeScene, type Scene, type WrittenField } from '@caddie/synthesis';
import { processingBodyV3Schema } from './processing-schema';
import { processPhoto } from './process-photo';

jest.setTimeout(90_000);

/** Dark pixels well inside a crop's printed rules (margin and rules excluded). */
function innerInk(cell: CellImage): number {
  const { data, width, height } = cell.image;
  // The crop margin is 12% of the area height (at most 1.2 mm); 0.6 mm more clears the rule.
  const cellHeight = height / 1.24;
  const margin = Math.min((height - cellHeight) / 2, 9.6) + 5;
  let ink = 0;
  for (let y = Math.ceil(margin); y < height - margin; y++) {
    for (let x = Math.ceil(margin); x < width - margin; x++) if (data[y * width + x] < 140) ink++;
  }
  return ink;
}

/**
 * Says "blank" from the ink inside the cell alone and reads a written cell's value from the
 * scene truth (it cannot read): decisions then follow the truth only when every crop is the
 * planned cell. Records what it saw per call.
 */
class InkTruthReader implements HandwritingProvider {
  readonly name = 'ink-truth';
  readonly acceptThreshold = 0.9;
  readonly readsText = false;
  readonly calls: { id: string; ink: number }[][] = [];
  constructor(private readonly truth: WrittenField[]) {}

  async readCells(cells: readonly CellImage[]): Promise<CellReading[]> {
    this.calls.push(cells.map((c) => ({ id: c.id, ink: innerInk(c) })));
    return cells.map((cell) => {
      const inked = innerInk(cell) > 20;
      const truth = this.truth.find((t) => `${t.row}.${t.field}` === cell.id);
      if (!inked) return { id: cell.id, blank: true, literal: null, confidence: 0.99, alternatives: [] };
      const literal = truth?.value === null || truth === undefined ? null : String(truth.value);
      return { id: cell.id, blank: false, literal, confidence: 0.99, alternatives: [] };
    });
  }
}

/** A provider that answers per call from a script (a reading function or an error). */
function scripted(steps: ((cells: readonly CellImage[]) => CellReading[] | Error)[]): HandwritingProvider & { sent: number[] } {
  const sent: number[] = [];
  return {
    name: 'scripted',
    acceptThreshold: 0.9,
    readsText: false,
    sent,
    async readCells(cells) {
      sent.push(cells.length);
      const answer = steps[Math.min(sent.length - 1, steps.length - 1)](cells);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}
const allBlank = (cells: readonly CellImage[]): CellReading[] =>
  cells.map((c) => ({ id: c.id, blank: true, literal: null, confidence: 0.95, alternatives: [] }));

let course: Course;
let single: Scene;
let twoPages: Scene;
beforeAll(async () => {
  [course] = generateDemoCourses();
  single = await synthesizeScene(79, {
    course,
    clean: true,
    handwriting: true,
    width: 1600,
    height: 1200,
    pageCount: 1,
    captureIds: ['M18B/back-nine-page'],
    maxTiltDegrees: 20,
  });
  twoPages = await synthesizeScene(12, {
    course,
    clean: true,
    handwriting: false,
    width: 2400,
    height: 1800,
    pageCount: 2,
    captureIds: ['M9H1/front-nine-page', 'M9H10GG/back-nine-page'],
  });
});

describe('processPhoto', () => {
  it('crops every planned field of a photographed M18B page onto its cell and decides from the readings', async () => {
    const [truth] = single.truth.pages;
    expect(truth.captureId).toBe('M18B/back-nine-page');
    const reader = new InkTruthReader(truth.handwriting);
    const { body, readCells } = await processPhoto(single.image, reader, { requestId: 'req-e2e' });
    expect(processingBodyV3Schema.parse(body)).toEqual(body);
    expect(readCells).toBe(26);
    expect(reader.calls).toHaveLength(1);

    // Ink where the scene wrote, none where it did not: the crops land on the right cells.
    const written = new Set(truth.handwriting.map((t) => `${t.row}.${t.field}`));
    expect(written.size).toBeGreaterThan(15);
    expect([...written]).toEqual(
      expect.arrayContaining(['hole-13.score', 'totals.score', 'totals.putts', 'roundSummary.totalScore', 'penalty.penaltyStrokes', 'penalty.penaltyHoles']),
    );
    for (const { id, ink } of reader.calls[0]) {
      if (written.has(id)) expect({ id, ink: ink > 20 }).toEqual({ id, ink: true });
      else expect({ id, ink }).toEqual({ id, ink: 0 });
    }

    const [page] = body.pages;
    expect(page).toMatchObject({ pageInstanceId: 'page-1', design: { designId: 'SM18B', panel: 'B9' } });
    expect(page.processing.fields).toHaveLength(26);
    for (const f of page.processing.fields) {
      const t = truth.handwriting.find((w) => w.row === f.row && w.field === f.field);
      if (!t) expect(f).toMatchObject({ decision: 'ACCEPTED', value: null, literal: null });
      else if (t.content === 'text') expect(f).toMatchObject({ decision: 'NEEDS_REVIEW', value: null, reasonCodes: ['text-not-transcribed'] });
      else if (f.decision === 'ACCEPTED') expect(f.value).toBe(t.value);
      else expect(f).toMatchObject({ value: null, bestGuess: t.value });
    }
    expect(body.status).toBe(page.status === 'PROCESSED' ? 'COMPLETE' : 'COMPLETE_WITH_REVIEW');
    const holes = truth.handwriting.filter((t) => t.row.startsWith('hole-') && t.field === 'score');
    expect(body.roundDrafts[0].record.holes).toEqual(holes.map((t) => ({ holeNumber: Number(t.row.slice(5)), score: t.value })));
  });

  it('keeps the page that was read when the other comes back invalid, and throws when none was read', async () => {
    const invalid = new HandwritingProviderError('provider-invalid-response', 'not JSON');
    const partial = scripted([allBlank, () => invalid]);
    const { body, readCells } = await processPhoto(twoPages.image, partial, { requestId: 'req-2' });
    expect(partial.sent).toEqual([20, 20]);
    expect(readCells).toBe(40);
    expect(body.status).toBe('PARTIAL');
    expect(body.pages.map((p) => p.status)).toEqual(['PROCESSED', 'NORMALIZED_ONLY']);
    expect(body.issues).toEqual([{ code: 'scorecard-page-extraction-failed', message: expect.any(String), pageInstanceId: 'page-2' }]);
    expect(body.summary).toEqual({ discoveredPages: 2, processedPages: 1, normalizedOnlyPages: 1, acceptedCells: 20, reviewCells: 0 });
    expect(body.roundDrafts.map((d) => d.pageInstanceIds[0])).toEqual(['page-1']);

    await expect(processPhoto(twoPages.image, scripted([() => invalid]), { requestId: 'req-3' })).rejects.toBe(invalid);
  });

  it('throws every other provider error at once', async () => {
    const unknown = new HandwritingProviderError('provider-outcome-unknown', 'timed out after sending');
    const provider = scripted([allBlank, () => unknown]);
    await expect(processPhoto(twoPages.image, provider, { requestId: 'req-4' })).rejects.toBe(unknown);
    const unavailable = new HandwritingProviderError('provider-unavailable', 'refused');
    await expect(processPhoto(twoPages.image, scripted([() => unavailable]), { requestId: 'req-5' })).rejects.toBe(unavailable);
  });

  it.each([
    ['a missing cell', (cells: readonly CellImage[]) => allBlank(cells).slice(1)],
    [
      'an unknown cell',
      (cells: readonly CellImage[]) => [...allBlank(cells).slice(1), { id: 'hole-99.score', blank: true, literal: null, confidence: 1, alternatives: [] }],
    ],
    ['a cell read twice', (cells: readonly CellImage[]) => [...allBlank(cells), allBlank(cells)[0]]],
    ['a confidence above 1', (cells: readonly CellImage[]) => allBlank(cells).map((r) => ({ ...r, confidence: 1.5 }))],
  ])('treats %s as an invalid provider answer', async (_, answer) => {
    await expect(processPhoto(single.image, scripted([answer]), { requestId: 'req-6' })).rejects.toMatchObject({ code: 'provider-invalid-response' });
  });

  it('leaves a page whose cells are too coarse in the photo NORMALIZED_ONLY without calling the provider', async () => {
    const small = await synthesizeScene(3, {
      course,
      clean: true,
      handwriting: true,
      width: 1200,
      height: 900,
      pageCount: 1,
      captureIds: ['M9H1/front-nine-page'],
      fill: [0.5, 0.5],
    });
    const provider = scripted([allBlank]);
    const { body, readCells } = await processPhoto(small.image, provider, { requestId: 'req-7' });
    expect(provider.sent).toEqual([]);
    expect(readCells).toBe(0);
    expect(body.status).toBe('PARTIAL');
    expect(body.pages[0]).toMatchObject({ status: 'NORMALIZED_ONLY', processing: { status: 'NOT_PROCESSED', fields: [] } });
    expect(body.issues).toEqual([{ code: 'scorecard-page-detail-too-low', message: expect.any(String), pageInstanceId: 'page-1' }]);
    expect(body.roundDrafts).toEqual([]);
  });

  it('sends no field a thumb covers to the reader and accepts none of them: they go to review as obscured', async () => {
    // A thumb over holes 6..9 of a filled front nine: once contrast-normalized, the covered cells look like
    // empty paper (the ink reader calls them blank), so only their hidden printed border tells them apart.
    const scene = await synthesizeScene(18, {
      course,
      clean: true,
      handwriting: true,
      width: 1600,
      height: 1200,
      pageCount: 1,
      captureIds: ['M9H1/front-nine-page'],
      occlusion: 'page',
    });
    expect(scene.truth.occluders).toEqual(['thumb']);
    const [truth] = scene.truth.pages;
    const reader = new InkTruthReader(truth.handwriting);
    const { body, readCells } = await processPhoto(scene.image, reader, { requestId: 'req-thumb' });
    expect(processingBodyV3Schema.parse(body)).toEqual(body);
    const [page] = body.pages;
    const obscured = page.processing.fields.filter((f) => f.reasonCodes.includes('obscured'));
    const written = new Set(truth.handwriting.map((t) => `${t.row}.${t.field}`));
    expect(obscured.map((f) => `${f.row}.${f.field}`)).toEqual(expect.arrayContaining(['hole-7.score', 'hole-8.score', 'hole-9.putts']));
    for (const f of obscured) expect(f).toMatchObject({ decision: 'NEEDS_REVIEW', value: null, literal: null, reasonCodes: ['obscured'] });
    expect(obscured.every((f) => written.has(`${f.row}.${f.field}`))).toBe(true);
    // Nothing was read from them, and every field the reader saw was sent.
    const sent = reader.calls[0].map((c) => c.id);
    expect(sent.filter((id) => obscured.some((f) => `${f.row}.${f.field}` === id))).toEqual([]);
    expect(readCells).toBe(page.processing.fields.length - obscured.length);
    expect(page.warnings).toContainEqual({ code: 'fields-obscured', message: expect.stringContaining(`${obscured.length} fields are covered`) });
    // No accepted field contradicts what was written: without the check the covered cells were accepted as blank.
    for (const f of page.processing.fields.filter((d) => d.decision === 'ACCEPTED')) {
      const t = truth.handwriting.find((w) => w.row === f.row && w.field === f.field);
      expect({ field: `${f.row}.${f.field}`, value: f.value }).toEqual({ field: `${f.row}.${f.field}`, value: t ? t.value : null });
    }
  });

  /** The page of a generated photo without covers (one production page, calibration digits), read with its ink truth. */
  async function uncoveredPage(seed: number, width: number, height: number) {
    const captureIds = DESIGN_CATALOG.map((d) => processorFor(d.designCode)).filter((c): c is string => c !== undefined);
    const scene = await synthesizeScene(seed, {
      course,
      width,
      height,
      pageCount: 1,
      captureIds,
      handwriting: true,
      handwritingItems: 'calibration',
      occlusion: 'none',
    });
    expect(scene.truth.occluders).toEqual([]);
    const { body } = await processPhoto(scene.image, new InkTruthReader(scene.truth.pages[0].handwriting), { requestId: `req-${seed}` });
    const [page] = body.pages;
    return { page, obscured: page.processing.fields.filter((f) => f.reasonCodes.includes('obscured')).map((f) => `${f.row}.${f.field}`) };
  }

  it('flags no field obscured on a soft photo without covers whose thin rules faded on every cell', async () => {
    // eval:process photo 327 (2000x1500): blur 1.57 at 2 to 2.5 px/mm; every hole cell shows 0.45..0.6
    // of its border (totals 1), 19 of 26 fields went to review as obscured by OBSCURED_BELOW alone;
    // Round Summary's outScore (0.76 of its border by the paper share) stayed flagged until the
    // page's own line depth became the reference. (Its label also needs the reading against its
    // design's layout.)
    const { page, obscured } = await uncoveredPage(327, 2000, 1500);
    expect(page.processing.fields.length).toBeGreaterThan(20);
    expect(obscured).toEqual([]);
  });

  it('flags nothing obscured on a small photo whose every rule is fainter than the paper share asks', async () => {
    // 1280x960 at 2.28 px/mm: the lines lie 20 levels under paper at 235. Measured against the
    // paper share alone, all 26 fields of the page showed 0.01..0.33 of their border and went to
    // review as obscured; the page's own line depth sees them.
    const { page, obscured } = await uncoveredPage(52, 1280, 960);
    expect(page.processing.fields.length).toBe(26);
    expect(obscured).toEqual([]);
    expect(page.warnings.map((w) => w.code)).not.toContain('fields-obscured');
  });

  it('weighs putts with how often each count is written before deciding them', async () => {
    const read: Record<string, CellReading> = {
      // Alone below the reader's 0.9; two putts are four times as common as three: accepted.
      'hole-11.putts': { id: 'hole-11.putts', blank: false, literal: '2', confidence: 0.85, alternatives: [{ literal: '3', confidence: 0.14 }] },
      // Alone above 0.9; seven putts are rare enough that a person checks them.
      'hole-12.putts': { id: 'hole-12.putts', blank: false, literal: '7', confidence: 0.95, alternatives: [{ literal: '1', confidence: 0.04 }] },
    };
    const provider = scripted([(cells) => cells.map((c) => read[c.id] ?? allBlank([c])[0])]);
    const { body } = await processPhoto(single.image, provider, { requestId: 'req-prior' });
    const field = (id: string) => body.pages[0].processing.fields.find((f) => `${f.row}.${f.field}` === id);
    expect(field('hole-11.putts')).toMatchObject({ decision: 'ACCEPTED', value: 2, literal: '2', reasonCodes: [] });
    expect(field('hole-12.putts')).toMatchObject({ decision: 'NEEDS_REVIEW', value: null, literal: '7', reasonCodes: ['low-confidence'] });
  });

  it('applies the pars it is given and stops on an aborted signal', async () => {
    const provider = scripted([
      (cells) =>
        cells.map((c) => (c.id === 'hole-10.score' ? { id: c.id, blank: false, literal: '19', confidence: 0.99, alternatives: [] } : allBlank([c])[0])),
    ]);
    const { body } = await processPhoto(single.image, provider, { requestId: 'req-8', pars: { 10: 4 } });
    expect(body.pages[0].processing.fields[0]).toEqual({
      row: 'hole-10',
      field: 'score',
      decision: 'NEEDS_REVIEW',
      value: null,
      literal: '19',
      bestGuess: 19,
      reasonCodes: ['score-out-of-range-for-par'],
    });
    const controller = new AbortController();
    controller.abort(new Error('deadline'));
    await expect(processPhoto(single.image, provider, { requestId: 'req-9', signal: controller.signal })).rejects.toThrow('deadline');
  });
});
