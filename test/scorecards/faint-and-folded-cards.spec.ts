import { generateDemoCourses } from '@caddie/catalog';
import { LocalDigitReader } from '@caddie/handwriting';
import { processPhoto, type FieldDecision } from '@caddie/scorecards';
import { synthesizeScene, type Scene } from '@caddie/synthesis';
import { evaluationScene, type EvalCondition } from '../../tools/eval-process';

jest.setTimeout(120_000);

/**
 * Photos of the cards golfers carry, as eval:process makes them (calibration-range digits,
 * 2000x1500): the seeds are photos on which the reader before issue 62 lost writing or read a
 * fold as a digit (eval:process seeds 1..100 with every condition in turn).
 */
async function processed(seed: number, condition: EvalCondition): Promise<{ scene: Scene; fields: FieldDecision[] }> {
  const courses = generateDemoCourses();
  const scene = await synthesizeScene(seed, evaluationScene(courses[(seed - 1) % courses.length], { width: 2000, height: 1500, occlusion: 'none' }, condition));
  const { body } = await processPhoto(scene.image, new LocalDigitReader(), { requestId: `faint-${seed}` });
  expect(body.pages).toHaveLength(1);
  return { scene, fields: body.pages[0].processing.fields };
}

const written = (scene: Scene, f: FieldDecision) => scene.truth.pages[0].handwriting.find((w) => w.row === f.row && w.field === f.field);

describe('cards written with a pen running dry', () => {
  it('flags thin, broken digits instead of accepting their cells as blank', async () => {
    // Photo 3: the hole 5 score, a 4 in broken strokes, was accepted blank.
    const { scene, fields } = await processed(3, 'dry-pen');
    const writtenDigits = fields.filter((f) => written(scene, f)?.content === 'digits');
    expect(writtenDigits.length).toBeGreaterThan(5);
    for (const f of writtenDigits) {
      if (f.decision === 'ACCEPTED') expect(f.value).toBe(written(scene, f)!.value);
    }
    const hole5 = fields.find((f) => f.row === 'hole-5' && f.field === 'score')!;
    expect(written(scene, hole5)?.value).toBe(4);
    expect(hole5.decision === 'NEEDS_REVIEW' || hole5.value === 4).toBe(true);
  });
});

describe('folded cards', () => {
  it('reads no fold across a blank cell as a digit', async () => {
    // Photo 60: the blank penalty strokes field, crossed by a fold, was accepted as 1.
    const { scene, fields } = await processed(60, 'folded');
    expect(scene.truth.pages[0].folds.length).toBeGreaterThan(0);
    const blanks = fields.filter((f) => f.row !== 'roundDetails' && !written(scene, f));
    expect(blanks.length).toBeGreaterThan(3);
    for (const f of blanks) if (f.decision === 'ACCEPTED') expect(f.value).toBeNull();
    const penalty = fields.find((f) => f.row === 'penalty' && f.field === 'penaltyStrokes')!;
    expect(written(scene, penalty)).toBeUndefined();
    expect(penalty.decision === 'NEEDS_REVIEW' || penalty.value === null).toBe(true);
  });
});
