import { z } from 'zod';
import { softmax } from './reading/glyph-classes';

/** Precision among accepted cells that the accept threshold is chosen for. */
export const TARGET_PRECISION = 0.998;
/** One-sided 95%: the threshold's precision must hold at the Wilson lower bound, not just on average. */
export const WILSON_Z = 1.645;

export const CALIBRATION_FORMAT = 'caddie-handwriting-calibration@1';

const measuredSchema = z.object({
  cells: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  coverage: z.number().min(0).max(1),
  precision: z.number().min(0).max(1),
  precisionLowerBound: z.number().min(0).max(1),
  accuracy: z.number().min(0).max(1),
});

export const calibrationSchema = z.object({
  format: z.literal(CALIBRATION_FORMAT),
  /** sha256 of the weights file the figures were measured with. */
  weightsSha256: z.string().regex(/^[0-9a-f]{64}$/),
  temperature: z.number().positive().max(100),
  acceptThreshold: z.number().min(0).max(1),
  rule: z.object({ targetPrecision: z.number(), wilsonZ: z.number() }),
  /** Whole-cell readings of the calibration cells at the threshold (blanks included). */
  calibrationCells: measuredSchema,
  glyphs: z.object({ count: z.number().int(), accuracy: z.number(), digitAccuracy: z.number(), negativeLogLikelihood: z.number() }),
  training: z.record(z.string(), z.union([z.number(), z.string()])),
});

export type HandwritingCalibration = z.infer<typeof calibrationSchema>;

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
 * target precision at the Wilson lower bound. Null when no threshold does.
 */
export function chooseAcceptThreshold(readings: readonly ScoredReading[], targetPrecision = TARGET_PRECISION, z = WILSON_Z): ThresholdChoice | null {
  const sorted = [...readings].sort((a, b) => b.confidence - a.confidence);
  let best: ThresholdChoice | null = null;
  let correct = 0;
  for (let k = 0; k < sorted.length; k++) {
    if (sorted[k].correct) correct++;
    // A threshold sits at a distinct confidence value: ties are accepted together.
    if (k + 1 < sorted.length && sorted[k + 1].confidence === sorted[k].confidence) continue;
    const accepted = k + 1;
    const bound = wilsonLowerBound(correct, accepted, z);
    if (bound >= targetPrecision) {
      best = { threshold: sorted[k].confidence, accepted, coverage: accepted / sorted.length, precision: correct / accepted, precisionLowerBound: bound };
    }
  }
  return best;
}

export type MeasuredReadings = z.infer<typeof measuredSchema>;

/** Figures of whole-cell readings at a threshold. */
export function measureAtThreshold(readings: readonly ScoredReading[], threshold: number, zScore = WILSON_Z): MeasuredReadings {
  const accepted = readings.filter((r) => r.confidence >= threshold);
  const acceptedCorrect = accepted.filter((r) => r.correct).length;
  return {
    cells: readings.length,
    accepted: accepted.length,
    coverage: readings.length ? accepted.length / readings.length : 0,
    precision: accepted.length ? acceptedCorrect / accepted.length : 1,
    precisionLowerBound: wilsonLowerBound(acceptedCorrect, accepted.length, zScore),
    accuracy: readings.length ? readings.filter((r) => r.correct).length / readings.length : 0,
  };
}
