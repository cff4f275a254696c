/**
 * Calibration *fitting*: the temperature, the accept thresholds and their figures, computed by the
 * offline training tool (tools/train-handwriting.ts) from readings of calibration-range cells. The
 * service only reads the result (calibration.json, `calibrationSchema` in @caddie/handwriting).
 */
import { softmax, type MeasuredReadings } from '@caddie/handwriting';

/** Precision among accepted cells that the accept threshold is chosen for. */
export const TARGET_PRECISION = 0.998;
/** One-sided 95%: the threshold's precision must hold at the Wilson lower bound, not just on average. */
export const WILSON_Z = 1.645;

/** Wilson score lower bound of a binomial proportion. */
export function wilsonLowerBound(successes: number, total: number, z = WILSON_Z): number {
  if (total === 0) return 0;
  const p = successes / total;
  const z2 = z * z;
  const centre = p + z2 / (2 * total);
  const spread = z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  return Math.max(0, (centre - spread) / (1 + z2 / total));
}

/** Mean negative log-likelihood of the labels under temperature-scaled logits. */
export function negativeLogLikelihood(logits: readonly Float32Array[], labels: readonly number[], temperature: number): number {
  let sum = 0;
  for (let k = 0; k < logits.length; k++) sum -= Math.log(Math.max(1e-12, softmax(logits[k], temperature)[labels[k]]));
  return sum / Math.max(1, logits.length);
}

/** Temperature minimizing the NLL (golden-section search on log T over 0.2..10; NLL is unimodal in T). */
export function fitTemperature(logits: readonly Float32Array[], labels: readonly number[]): number {
  let lo = Math.log(0.2);
  let hi = Math.log(10);
  const ratio = (Math.sqrt(5) - 1) / 2;
  const f = (logT: number) => negativeLogLikelihood(logits, labels, Math.exp(logT));
  let a = hi - ratio * (hi - lo);
  let b = lo + ratio * (hi - lo);
  let fa = f(a);
  let fb = f(b);
  for (let i = 0; i < 40; i++) {
    if (fa < fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - ratio * (hi - lo);
      fa = f(a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + ratio * (hi - lo);
      fb = f(b);
    }
  }
  return Math.exp((lo + hi) / 2);
}

export interface ScoredReading {
  confidence: number;
  correct: boolean;
  /**
   * What the reading was drawn from (a synthesized cell's MNIST items, e.g. '3:123'). Readings
   * that share a source are not independent: one oddly written digit reused in many cells
   * makes many errors, which is not the evidence of many independent ones. None: independent.
   */
  sources?: readonly string[];
}

/** Figures of the readings at or above one threshold. */
interface AcceptedSet {
  threshold: number;
  accepted: number;
  correct: number;
  designEffect: number;
  precisionLowerBound: number;
}

/**
 * The accepted sets at every distinct confidence, highest first, each with its precision's
 * one-sided Wilson lower bound on the effective sample size: accepted / design effect, where
 * the design effect compares the cluster-robust variance of the error share (readings grouped
 * by each source they hold; a reading without sources is its own group) with the binomial
 * one, and is at least 1. A reading with several sources counts in each group, which can only
 * widen the bound. With no shared sources this is the plain Wilson bound.
 */
function acceptedSets(readings: readonly ScoredReading[], z: number): AcceptedSet[] {
  const sorted = [...readings].sort((a, b) => b.confidence - a.confidence);
  const accepted = new Map<string, number>();
  const wrong = new Map<string, number>();
  // Sums over groups of A_s^2, W_s A_s and W_s^2 (accepted and wrong readings of group s).
  let sumAA = 0;
  let sumWA = 0;
  let sumWW = 0;
  let correct = 0;
  const sets: AcceptedSet[] = [];
  sorted.forEach((reading, k) => {
    if (reading.correct) correct++;
    const error = reading.correct ? 0 : 1;
    const groups = reading.sources?.length ? new Set(reading.sources) : [`#${k}`];
    for (const group of groups) {
      const a = accepted.get(group) ?? 0;
      const w = wrong.get(group) ?? 0;
      sumAA += 2 * a + 1;
      sumWA += w + error * (a + 1);
      sumWW += error * (2 * w + 1);
      accepted.set(group, a + 1);
      wrong.set(group, w + error);
    }
    // A threshold sits at a distinct confidence value: ties are accepted together.
    if (k + 1 < sorted.length && sorted[k + 1].confidence === reading.confidence) return;
    const n = k + 1;
    const errorShare = (n - correct) / n;
    const clusteredVariance = sumWW - 2 * errorShare * sumWA + errorShare * errorShare * sumAA;
    const designEffect = errorShare > 0 && errorShare < 1 ? Math.max(1, clusteredVariance / (n * errorShare * (1 - errorShare))) : 1;
    const effective = n / designEffect;
    sets.push({
      threshold: reading.confidence,
      accepted: n,
      correct,
      designEffect,
      precisionLowerBound: wilsonLowerBound(effective * (correct / n), effective, z),
    });
  });
  return sets;
}

export interface ThresholdChoice {
  threshold: number;
  accepted: number;
  coverage: number;
  precision: number;
  precisionLowerBound: number;
}

/**
 * The lowest confidence threshold whose accepted readings (confidence >= threshold) reach the
 * target precision at the Wilson lower bound, on the effective sample size when readings share
 * sources (acceptedSets). Null when no threshold does. Never 0: a reading of no confidence (the
 * reader's way to say a cell must be looked at, e.g. blankCertainty of a faint mark as large as
 * writing) is never accepted, however clean the readings above it are.
 */
export function chooseAcceptThreshold(readings: readonly ScoredReading[], targetPrecision = TARGET_PRECISION, z = WILSON_Z): ThresholdChoice | null {
  let best: ThresholdChoice | null = null;
  for (const set of acceptedSets(readings, z)) {
    if (set.threshold > 0 && set.precisionLowerBound >= targetPrecision) {
      best = {
        threshold: set.threshold,
        accepted: set.accepted,
        coverage: set.accepted / readings.length,
        precision: set.correct / set.accepted,
        precisionLowerBound: set.precisionLowerBound,
      };
    }
  }
  return best;
}

/**
 * A chosen threshold as calibration.json records it: six decimals, rounded up, so the service
 * never accepts a reading the calibration left out (rounding a threshold of 4e-7 to 0 would
 * accept every reading below it too). Figures are then measured at the recorded value.
 */
export function recordedThreshold(threshold: number): number {
  return Math.min(1, Math.ceil(threshold * 1e6) / 1e6);
}

/** Figures of whole-cell readings at a threshold (the bound as chooseAcceptThreshold computes it). */
export function measureAtThreshold(readings: readonly ScoredReading[], threshold: number, zScore = WILSON_Z): MeasuredReadings {
  const set = acceptedSets(readings, zScore)
    .filter((s) => s.threshold >= threshold)
    .pop();
  const accepted = set?.accepted ?? 0;
  return {
    cells: readings.length,
    accepted,
    coverage: readings.length ? accepted / readings.length : 0,
    precision: set ? set.correct / set.accepted : 1,
    precisionLowerBound: set?.precisionLowerBound ?? 0,
    accuracy: readings.length ? readings.filter((r) => r.correct).length / readings.length : 0,
    designEffect: set?.designEffect ?? 1,
  };
}
