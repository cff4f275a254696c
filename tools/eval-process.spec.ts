import { DIGIT_CLASSES, defaultModelDirectory, loadDigitClassifier, type HandwritingProvider } from '@caddie/handwriting';
import type { FieldDecision } from '@caddie/scorecards';
import type { WrittenField } from '@caddie/synthesis';
import { EvalTally, PRODUCTION_CAPTURES, conditionList, detailBand, evaluate, gradePage, reportLines, truthReader } from './eval-process';

jest.setTimeout(120_000);

const written = (row: string, field: string, value: number | null, content: 'digits' | 'text' = 'digits'): WrittenField => ({
  row,
  field,
  content,
  value,
  digits: value === null ? [] : String(value).split('').map(Number),
  items: [],
});
const decision = (row: string, field: string, rest: Partial<FieldDecision>): FieldDecision => ({
  row,
  field,
  decision: 'ACCEPTED',
  value: null,
  literal: null,
  reasonCodes: [],
  ...rest,
});

describe('gradePage', () => {
  it('grades accepted values, blanks, text and review guesses against the truth', () => {
    const truth = [
      written('hole-1', 'score', 5),
      written('hole-2', 'score', 12),
      written('totals', 'score', 40),
      written('roundDetails', 'date', null, 'text'),
    ];
    const grades = gradePage(
      [
        decision('hole-1', 'score', { value: 5 }),
        decision('hole-2', 'score', { value: 2 }),
        decision('hole-3', 'score', {}),
        decision('hole-3', 'putts', { value: 1 }),
        decision('totals', 'score', { decision: 'NEEDS_REVIEW', bestGuess: 40, reasonCodes: ['total-mismatch'] }),
        decision('roundDetails', 'date', {}),
        decision('roundDetails', 'course', {}),
      ],
      truth,
    );
    expect(grades.map((g) => [g.kind, g.written, g.accepted, g.correct, g.guessCorrect])).toEqual([
      ['hole.score', true, true, true, false],
      ['hole.score', true, true, false, false],
      ['hole.score', false, true, true, false],
      ['hole.putts', false, true, false, false],
      ['totals.score', true, false, false, true],
      ['text', true, true, false, false],
      ['text', false, true, true, false],
    ]);
  });

  it('summarizes precision and review rate per kind and overall', () => {
    const tally = new EvalTally();
    tally.photos = 1;
    tally.add(
      gradePage(
        [
          decision('hole-1', 'score', { value: 5 }),
          decision('hole-2', 'score', { value: 3 }),
          decision('hole-3', 'score', { decision: 'NEEDS_REVIEW', reasonCodes: ['low-confidence'] }),
        ],
        [written('hole-1', 'score', 5), written('hole-2', 'score', 4), written('hole-3', 'score', 6)],
      ),
      detailBand(3.2),
      17,
    );
    const s = tally.summary({ firstSeed: 1, photoSize: '1x1', reader: 'test', occlusion: 'none' });
    expect(s).toMatchObject({
      cells: 3,
      acceptedCells: 2,
      reviewCells: 1,
      reviewRate: 0.33333,
      precision: 0.5,
      acceptedErrors: 1,
      reasons: { 'low-confidence': 1 },
    });
    // The wrong accepted cell is listed with its photo, so that it can be looked at.
    expect(s.acceptedErrorCells).toEqual([{ seed: 17, field: 'hole-2.score', truth: 4, value: 3, reasonCodes: [] }]);
    expect(reportLines(s).join('\n')).toContain('photo 17 hole-2.score: written 4, accepted 3');
    expect(s.byKind['hole.score']).toMatchObject({ cells: 3, written: 3, accepted: 2, acceptedCorrect: 1, review: 1, reviewWritten: 1, guessCorrect: 0 });
    expect(s.byDetail).toEqual({ '3-4': expect.objectContaining({ cells: 3, accepted: 2, acceptedCorrect: 1, precision: 0.5 }) });
    expect(reportLines(s).join('\n')).toContain('precision among accepted cells 50.00% (1 wrong of 2)');
    expect(reportLines(s).join('\n')).not.toContain('glyph accuracy');
    // The local reader's summary carries its model's glyph figures, and the report states them.
    const glyphs = { count: 4238, accuracy: 0.94408, digitAccuracy: 0.9768, negativeLogLikelihood: 0.16337, mnistImages: 1499, mnistAccuracy: 0.98866 };
    const local = tally.summary({ firstSeed: 1, photoSize: '1x1', reader: 'local', occlusion: 'none', glyphs });
    expect(local.glyphs).toEqual(glyphs);
    expect(reportLines(local).join('\n')).toContain('94.41% of 4238 segmented glyphs, digits among them 97.68%, the 1499 MNIST images as they are 98.87%');
    // Review by written digit: 5 and 4 were accepted, 6 went to review.
    expect(s.byDigit).toEqual({
      '4': { cells: 1, review: 0, reviewRate: 0 },
      '5': { cells: 1, review: 0, reviewRate: 0 },
      '6': { cells: 1, review: 1, reviewRate: 1 },
    });
    expect([1.5, 2, 2.7, 4.99, 5, 9].map(detailBand)).toEqual(['<2', '2-2.5', '2.5-3', '4-5', '>=5', '>=5']);
    expect(s.reasonsByCondition).toEqual({});
  });

  it("gives each condition's review reasons, from the fields in review only", () => {
    const tally = new EvalTally();
    const review = (row: string, ...reasonCodes: FieldDecision['reasonCodes']) => decision(row, 'score', { decision: 'NEEDS_REVIEW', reasonCodes });
    const truth = [written('hole-1', 'score', 5), written('hole-2', 'score', null), written('hole-3', 'score', 4)];
    tally.add(
      gradePage([review('hole-1', 'low-confidence'), review('hole-2', 'uncertain-blank'), decision('hole-3', 'score', { value: 4 })], truth),
      undefined,
      1,
      undefined,
      'light-pencil',
    );
    tally.add(
      gradePage(
        [review('hole-1', 'low-confidence', 'total-mismatch'), decision('hole-2', 'score', { reasonCodes: ['decided-by-cross-check'] }), review('hole-3')],
        truth,
      ),
      undefined,
      2,
      undefined,
      'folded',
    );
    const s = tally.summary({ firstSeed: 1, photoSize: '1x1', reader: 'test', occlusion: 'none' });
    expect(s.reasonsByCondition).toEqual({
      folded: { 'low-confidence': 1, 'total-mismatch': 1 },
      'light-pencil': { 'low-confidence': 1, 'uncertain-blank': 1 },
    });
    expect(reportLines(s).join('\n')).toContain('    light-pencil: low-confidence 1, uncertain-blank 1');
  });
});

describe('evaluate', () => {
  it('lists the five production page captures', () => {
    expect([...PRODUCTION_CAPTURES].sort()).toEqual([
      'M18B/back-nine-page',
      'M18F/front-nine-page',
      'M9H1/front-nine-page',
      'M9H10GG/back-nine-page',
      'M9H1GG/front-nine-page',
    ]);
  });

  it('finds every accepted cell right with a reader that reads the truth, and catches a reader that does not', async () => {
    const options = { count: 2, firstSeed: 1, sizes: [{ width: 1600, height: 1200 }], occlusion: 'none' as const, pars: false };
    const exact = (await evaluate(options, (scene) => truthReader(scene.truth.pages[0].handwriting))).summary({
      firstSeed: 1,
      photoSize: '',
      reader: 'truth',
      occlusion: 'none',
    });
    expect(exact.pages.processed).toBeGreaterThanOrEqual(1);
    expect(exact.cells).toBeGreaterThanOrEqual(20 * exact.pages.processed);
    expect(exact.precision).toBe(1);
    expect(exact.acceptedErrors).toBe(0);

    // A reader that confidently misses the first written hole score: no cross-check can see a blank.
    const lying = (scene: Parameters<Parameters<typeof evaluate>[1]>[0]): HandwritingProvider => {
      const truth = scene.truth.pages[0].handwriting;
      const missed = truth.find((t) => t.row.startsWith('hole-') && t.field === 'score');
      return truthReader(truth.filter((t) => t !== missed));
    };
    const wrong = (await evaluate(options, lying)).summary({ firstSeed: 1, photoSize: '', reader: 'lying', occlusion: 'none' });
    expect(wrong.pages.processed).toBe(exact.pages.processed);
    expect(wrong.acceptedErrors).toBeGreaterThan(0);
    expect(wrong.precision).toBeLessThan(1);
  });

  it("grades the photos' own written glyphs with the given networks, item by item", async () => {
    const options = { count: 2, firstSeed: 1, sizes: [{ width: 1600, height: 1200 }], occlusion: 'none' as const, pars: false };
    const truth = (scene: Parameters<Parameters<typeof evaluate>[1]>[0]) => truthReader(scene.truth.pages[0].handwriting);
    // Networks that always answer 1: every glyph of another digit is wrong, every 1 right.
    const ones = async (images: readonly Float32Array[]) => images.map(() => Float32Array.from({ length: DIGIT_CLASSES }, (_, c) => (c === 1 ? 5 : 0)));
    const constant = (await evaluate(options, truth, { classify: ones })).summary({ firstSeed: 1, photoSize: '', reader: 'truth', occlusion: 'none' });
    const g = constant.photoGlyphs!;
    expect(g.writtenCells).toBeGreaterThanOrEqual(10);
    expect(g.labelledCells).toBeLessThanOrEqual(g.writtenCells);
    expect(g.glyphs).toBeGreaterThanOrEqual(g.labelledCells);
    expect(g.glyphs).toBeLessThanOrEqual(g.writtenDigits);
    const total = (pick: (d: { glyphs: number; wrong: number }) => number) => Object.values(g.byDigit).reduce((s, d) => s + pick(d), 0);
    expect(total((d) => d.glyphs)).toBe(g.glyphs);
    expect(g.byDigit['1'].wrong).toBe(0);
    expect(g.wrong).toBe(g.glyphs - g.byDigit['1'].glyphs);
    expect(g.wrongGlyphs).toHaveLength(g.wrong);
    expect(g.wrongGlyphs.every((w) => w.read === 1 && w.digit !== 1 && w.item >= 0 && w.item < 150 && [1, 2].includes(w.seed))).toBe(true);
    expect(g.accuracy).toBeCloseTo(g.byDigit['1'].glyphs / g.glyphs, 10);
    expect(g.accuracyOfWritten).toBeLessThanOrEqual(g.accuracy);
    expect(reportLines(constant).join('\n')).toContain(
      `glyph accuracy on these photos: ${(100 * g.accuracy).toFixed(2)}% (${g.wrong} wrong of ${g.glyphs} glyphs`,
    );

    // The shipped networks read these photos' digits nearly all right (a cut labelled in the wrong order would not).
    const network = await loadDigitClassifier(defaultModelDirectory());
    const shipped = (await evaluate(options, truth, { classify: async (images) => network.logits(images) })).summary({
      firstSeed: 1,
      photoSize: '',
      reader: 'truth',
      occlusion: 'none',
    });
    expect(shipped.photoGlyphs!.glyphs).toBe(g.glyphs);
    expect(shipped.photoGlyphs!.accuracy).toBeGreaterThan(0.9);
    // Without networks the summary has no photo glyph figures.
    expect(
      (await evaluate({ ...options, count: 1 }, truth)).summary({ firstSeed: 1, photoSize: '', reader: 'truth', occlusion: 'none' }).photoGlyphs,
    ).toBeUndefined();
  });

  it('takes the photo sizes in turn and gives the figures by size as well', async () => {
    const sizes = [
      { width: 1600, height: 1200 },
      { width: 1280, height: 960 },
    ];
    const options = { count: 3, firstSeed: 1, sizes, occlusion: 'none' as const, pars: false };
    const truth = (scene: Parameters<Parameters<typeof evaluate>[1]>[0]) => truthReader(scene.truth.pages[0].handwriting);
    const seen: string[] = [];
    const ones = async (images: readonly Float32Array[]) => images.map(() => Float32Array.from({ length: DIGIT_CLASSES }, (_, c) => (c === 1 ? 5 : 0)));
    const s = (
      await evaluate(
        options,
        (scene) => {
          seen.push(`${scene.image.width}x${scene.image.height}`);
          return truth(scene);
        },
        { classify: ones },
      )
    ).summary({ firstSeed: 1, photoSize: '1600x1200,1280x960', reader: 'truth', occlusion: 'none' });
    // Photos 1 and 3 at the first size, photo 2 at the second.
    expect(seen).toEqual(['1600x1200', '1280x960', '1600x1200']);
    expect(Object.keys(s.bySize).sort()).toEqual(['1280x960', '1600x1200']);
    const sum = (pick: (k: (typeof s.bySize)[string]) => number) => Object.values(s.bySize).reduce((t, k) => t + pick(k), 0);
    expect(sum((k) => k.cells)).toBe(s.cells);
    expect(sum((k) => k.accepted)).toBe(s.acceptedCells);
    const g = s.photoGlyphs!;
    expect(Object.keys(g.bySize).sort()).toEqual(['1280x960', '1600x1200']);
    expect(Object.values(g.bySize).reduce((t, d) => t + d.glyphs, 0)).toBe(g.glyphs);
    expect(Object.values(g.bySize).reduce((t, d) => t + d.wrong, 0)).toBe(g.wrong);
    const report = reportLines(s).join('\n');
    expect(report).toContain('by photo size:');
    expect(report).toMatch(/by photo size: 1600x1200 \d+\.\d\d% \(\d+ wrong of \d+\), 1280x960/);
    // One size: no figures by size.
    const single = (await evaluate({ ...options, count: 1, sizes: [sizes[0]] }, truth, { classify: ones })).summary({
      firstSeed: 1,
      photoSize: '',
      reader: 'truth',
      occlusion: 'none',
    });
    expect(single.bySize).toEqual({});
    expect(single.photoGlyphs!.bySize).toEqual({});
    expect(reportLines(single).join('\n')).not.toContain('by photo size');
  });

  it('takes the card conditions in turn and gives the figures by condition, with writing lost and blanks filled counted', async () => {
    const options = {
      count: 2,
      firstSeed: 1,
      sizes: [{ width: 1600, height: 1200 }],
      occlusion: 'none' as const,
      pars: false,
      conditions: conditionList('light-pencil,folded'),
    };
    const pens: string[] = [];
    // A reader that reads nothing: every written field it accepts is writing lost.
    const blind = (scene: Parameters<Parameters<typeof evaluate>[1]>[0]) => {
      pens.push(`${scene.truth.pages[0].pen}${scene.truth.pages[0].folds.length ? '+folds' : ''}`);
      return truthReader([]);
    };
    const s = (await evaluate(options, blind)).summary({ firstSeed: 1, photoSize: '', reader: 'blind', occlusion: 'none' });
    expect(pens).toEqual(['light-pencil', 'ink+folds']);
    // Only the processed pages are graded (a page can be too small in the photo to read).
    expect(Object.keys(s.byCondition).length).toBe(s.pages.processed);
    expect(['folded', 'light-pencil']).toEqual(expect.arrayContaining(Object.keys(s.byCondition)));
    expect(Object.values(s.byCondition).reduce((t, k) => t + k.cells, 0)).toBe(s.cells);
    const writtenDigits = Object.entries(s.byKind)
      .filter(([kind]) => kind !== 'text')
      .reduce((t, [, k]) => t + k.written, 0);
    expect(s.writtenAcceptedBlank).toBeGreaterThanOrEqual(writtenDigits);
    expect(s.blankAcceptedValue).toBe(0);
    expect(reportLines(s).join('\n')).toContain('by card condition:');
    expect(reportLines(s).join('\n')).toContain(`written accepted as blank ${s.writtenAcceptedBlank}`);
    expect(() => conditionList('standard,crumpled')).toThrow('got crumpled');
  });
});
