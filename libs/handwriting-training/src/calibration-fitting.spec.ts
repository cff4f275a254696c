import { SeededRandom } from '@caddie/synthesis';
import { chooseAcceptThreshold, fitTemperature, measureAtThreshold, negativeLogLikelihood, recordedThreshold, wilsonLowerBound } from './calibration-fitting';

describe('wilsonLowerBound', () => {
  it('is below the observed proportion and tightens with more evidence', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(wilsonLowerBound(100, 100)).toBeLessThan(1);
    expect(wilsonLowerBound(100, 100)).toBeCloseTo(100 / (100 + 1.645 ** 2), 6);
    expect(wilsonLowerBound(1000, 1000)).toBeGreaterThan(wilsonLowerBound(100, 100));
    expect(wilsonLowerBound(990, 1000)).toBeLessThan(0.99);
    expect(wilsonLowerBound(990, 1000)).toBeGreaterThan(0.98);
  });
});

describe('chooseAcceptThreshold', () => {
  it('picks the lowest confidence whose accepted set keeps the Wilson lower bound at the target', () => {
    // 2000 correct readings at 0.99..1, then errors creep in below 0.9.
    const readings = [
      ...Array.from({ length: 2000 }, (_, k) => ({ confidence: 0.99 + k / 200_000, correct: true })),
      ...Array.from({ length: 200 }, (_, k) => ({ confidence: 0.9 - k / 1000, correct: k % 2 === 0 })),
    ];
    const choice = chooseAcceptThreshold(readings, 0.995)!;
    expect(choice.precisionLowerBound).toBeGreaterThanOrEqual(0.995);
    expect(choice.threshold).toBeLessThan(0.99 + 1e-9);
    // One more step down would break the bound.
    const lower = readings
      .map((r) => r.confidence)
      .filter((c) => c < choice.threshold)
      .sort((a, b) => b - a)[0];
    expect(measureAtThreshold(readings, lower).precisionLowerBound).toBeLessThan(0.995);
    expect(measureAtThreshold(readings, choice.threshold)).toMatchObject({ accepted: choice.accepted, precision: choice.precision });
  });

  it('returns null when too few readings can show the target precision', () => {
    expect(chooseAcceptThreshold(Array.from({ length: 100 }, () => ({ confidence: 0.999, correct: true })))).toBeNull();
  });

  it('never accepts a reading of no confidence, however clean the readings above it are', () => {
    const readings = [
      ...Array.from({ length: 3000 }, (_, k) => ({ confidence: 0.5 + k / 10_000, correct: true })),
      ...Array.from({ length: 20 }, () => ({ confidence: 0, correct: true })),
    ];
    const choice = chooseAcceptThreshold(readings, 0.995)!;
    expect(choice.threshold).toBe(0.5);
    expect(choice.accepted).toBe(3000);
  });

  it('accepts tied confidences together', () => {
    const readings = [...Array.from({ length: 1500 }, () => ({ confidence: 0.98, correct: true })), { confidence: 0.98, correct: false }];
    expect(chooseAcceptThreshold(readings, 0.995)?.accepted).toBe(1501);
  });
});

describe('recordedThreshold', () => {
  it('rounds up to six decimals, so no reading the calibration left out is accepted', () => {
    expect(recordedThreshold(0.9761999788)).toBe(0.9762);
    expect(recordedThreshold(0.97620001)).toBe(0.976201);
    expect(recordedThreshold(0.5)).toBe(0.5);
    // A threshold just above zero stays above zero: zero-confidence readings stay out.
    const readings = [
      ...Array.from({ length: 3000 }, (_, k) => ({ confidence: 0.5 + k / 10_000, correct: true })),
      { confidence: 4e-7, correct: true },
      ...Array.from({ length: 40 }, () => ({ confidence: 0, correct: false })),
    ];
    const choice = chooseAcceptThreshold(readings, 0.995)!;
    expect(choice.threshold).toBe(4e-7);
    expect(recordedThreshold(choice.threshold)).toBeGreaterThan(0);
    expect(measureAtThreshold(readings, recordedThreshold(choice.threshold)).accepted).toBeLessThanOrEqual(choice.accepted);
    expect(recordedThreshold(0.99999999)).toBe(1);
  });
});

describe('chooseAcceptThreshold with shared sources', () => {
  // 20,000 correct readings spread over 1,500 sources, and 20 confident errors.
  const correct = Array.from({ length: 20_000 }, (_, k) => ({ confidence: 0.9 + (k / 20_000) * 0.1, correct: true, sources: [`d:${k % 1500}`] }));
  const errors = (source: (k: number) => string) =>
    Array.from({ length: 20 }, (_, k) => ({ confidence: 0.95 + k * 0.0015, correct: false, sources: [source(k)] }));

  it('is the plain Wilson bound when no source is shared', () => {
    const plain = [
      ...correct.map(({ confidence }) => ({ confidence, correct: true })),
      ...errors(() => '').map(({ confidence }) => ({ confidence, correct: false })),
    ];
    const distinct = [...correct.map((r, k) => ({ ...r, sources: [`own:${k}`] })), ...errors((k) => `err:${k}`)];
    const a = measureAtThreshold(plain, 0.9);
    const b = measureAtThreshold(distinct, 0.9);
    expect(b.precisionLowerBound).toBeCloseTo(a.precisionLowerBound, 12);
    expect(a.precisionLowerBound).toBeCloseTo(wilsonLowerBound(20_000, 20_020), 12);
    expect(a.designEffect).toBe(1);
    expect(b.designEffect).toBe(1);
  });

  it('widens the bound when the errors come from one source reused in many readings', () => {
    const independent = [...correct, ...errors((k) => `err:${k}`)];
    const clustered = [...correct, ...errors(() => 'err:same')];
    const a = measureAtThreshold(independent, 0.9);
    const b = measureAtThreshold(clustered, 0.9);
    expect(b.precision).toBe(a.precision);
    expect(b.designEffect).toBeGreaterThan(10);
    expect(b.precisionLowerBound).toBeLessThan(a.precisionLowerBound);
    // Twenty independent errors in 20,000 readings keep the bound; twenty from one source do not.
    const target = 0.998;
    expect(chooseAcceptThreshold(independent, target)!.threshold).toBeLessThan(0.95);
    expect(chooseAcceptThreshold(clustered, target)!.threshold).toBeGreaterThan(0.95);
  });
});

describe('fitTemperature', () => {
  it('recovers the temperature that made over-confident logits', () => {
    const random = new SeededRandom(3);
    const logits: Float32Array[] = [];
    const labels: number[] = [];
    for (let k = 0; k < 3000; k++) {
      const calibrated = Float32Array.from({ length: 11 }, () => random.gaussian(1.2));
      // Draw the label from the calibrated distribution, then report logits 2.5x too sharp.
      const p = calibrated.map(Math.exp);
      const sum = p.reduce((a, b) => a + b, 0);
      let r = random.next() * sum;
      let label = 0;
      while (r > p[label] && label < 10) r -= p[label++];
      labels.push(label);
      logits.push(calibrated.map((v) => v * 2.5));
    }
    const temperature = fitTemperature(logits, labels);
    expect(temperature).toBeGreaterThan(2.1);
    expect(temperature).toBeLessThan(2.9);
    expect(negativeLogLikelihood(logits, labels, temperature)).toBeLessThan(negativeLogLikelihood(logits, labels, 1));
  });
});
