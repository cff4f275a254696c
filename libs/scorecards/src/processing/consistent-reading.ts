import type { CellReading } from '@caddie/handwriting';
import { parseFieldValue, type FieldDecision, type ReaderTraits } from './field-decisions';
import type { FieldSpec } from './field-plan';
import type { ReasonCode } from './reason-codes';

/**
 * Probability kept for "some value the reader did not list" in every cell, however confident
 * the reading: a confident misread must stay possible, or the arithmetic would always blame
 * the least confident cell.
 */
export const UNLISTED_FLOOR = 0.001;

/** A digit field's belief over its field-valid values (index = value), summing to 1. */
export type ValueDistribution = Float64Array;

/**
 * A reading as a distribution over the field's valid values: the reading and its alternatives
 * where they are field-valid numbers, and the rest of the mass (at least UNLISTED_FLOOR) on
 * values the reader did not name: half on those one misread digit away, half over the range. Blank
 * readings and invalid literals keep no mass (the cell is known to hold a number here).
 * Undefined for fields without a range.
 */
export function valueDistribution(spec: FieldSpec, reading: CellReading): ValueDistribution | undefined {
  const range = spec.range;
  if (spec.content !== 'digits' || !range) return undefined;
  const listed = new Map<number, number>();
  const add = (literal: string | null, confidence: number) => {
    if (literal === null || !(confidence > 0)) return;
    const parsed = parseFieldValue(spec, literal);
    if (parsed.valid && typeof parsed.value === 'number') listed.set(parsed.value, (listed.get(parsed.value) ?? 0) + confidence);
  };
  if (!reading.blank) add(reading.literal, reading.confidence);
  for (const alternative of reading.alternatives) add(alternative.literal, alternative.confidence);
  let listedMass = 0;
  for (const q of listed.values()) listedMass += q;
  const scale = listedMass > 1 - UNLISTED_FLOOR ? (1 - UNLISTED_FLOOR) / listedMass : 1;
  const unlisted = 1 - listedMass * scale;
  const out = new Float64Array(range.max + 1);
  // Half the unlisted mass on the values one misread digit away from the reading (a digit
  // changed, dropped or added), half spread over the whole range.
  const near = !reading.blank && reading.literal ? [...Array(range.max - range.min + 1).keys()].map((k) => k + range.min).filter((v) => oneDigitApart(String(v), reading.literal!.trim())) : [];
  const span = range.max - range.min + 1;
  const spread = near.length > 0 ? unlisted / 2 : unlisted;
  for (let v = range.min; v <= range.max; v++) out[v] = spread / span + (listed.get(v) ?? 0) * scale;
  for (const v of near) out[v] += (unlisted - spread) / near.length;
  return normalize(out);
}

/** Whether two literals differ by one digit changed, dropped or added. */
function oneDigitApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    let differences = 0;
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) differences++;
    return differences === 1;
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  for (let k = 0; k < long.length; k++) if (long.slice(0, k) + long.slice(k + 1) === short) return true;
  return false;
}

function normalize(d: Float64Array): Float64Array {
  let sum = 0;
  for (const q of d) sum += q;
  if (sum > 0) for (let v = 0; v < d.length; v++) d[v] /= sum;
  return d;
}

/** Distribution of the sum of independent values. */
function convolve(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] += a[i] * b[j];
  }
  return out;
}

/**
 * Posteriors of the cells of one sum rule (parts add up to total), each cell's reading
 * independent a priori: part i's value v is weighted by the probability that the other parts
 * and the total make the sum hold. Exact, by convolution.
 */
export function sumPosteriors(parts: readonly ValueDistribution[], total: ValueDistribution): { parts: ValueDistribution[]; total: ValueDistribution } {
  const posteriorParts = parts.map((p, i) => {
    let others: Float64Array = Float64Array.of(1);
    parts.forEach((q, j) => {
      if (j !== i) others = convolve(others, q);
    });
    const out = new Float64Array(p.length);
    for (let v = 0; v < p.length; v++) {
      if (p[v] === 0) continue;
      let agree = 0;
      for (let u = 0; u < others.length && u + v < total.length; u++) agree += others[u] * total[u + v];
      out[v] = p[v] * agree;
    }
    return normalize(out);
  });
  let all: Float64Array = Float64Array.of(1);
  for (const p of parts) all = convolve(all, p);
  const posteriorTotal = normalize(total.map((q, t) => q * (t < all.length ? all[t] : 0)));
  return { parts: posteriorParts, total: posteriorTotal };
}

/** Score and putts of one hole conditioned on putts <= score. */
export function puttsWithinScore(score: ValueDistribution, putts: ValueDistribution): { score: ValueDistribution; putts: ValueDistribution } {
  const cumulativePutts = new Float64Array(score.length);
  let below = 0;
  for (let s = 0; s < score.length; s++) {
    below += s < putts.length ? putts[s] : 0;
    cumulativePutts[s] = below;
  }
  const newScore = normalize(score.map((q, s) => q * cumulativePutts[s]));
  const newPutts = normalize(
    putts.map((q, p) => {
      let above = 0;
      for (let s = p; s < score.length; s++) above += score[s];
      return q * above;
    }),
  );
  return { score: newScore, putts: newPutts };
}

function best(d: ValueDistribution): { value: number; probability: number } {
  let value = 0;
  for (let v = 1; v < d.length; v++) if (d[v] > d[value]) value = v;
  return { value, probability: d[value] };
}

const readValue = (d: FieldDecision): number | null => {
  const v = d.value ?? d.bestGuess;
  return typeof v === 'number' ? v : null;
};

/**
 * Decides the hole and totals fields of each sum rule (score column, putts column) from the
 * most probable consistent reading of the whole column, instead of from each cell alone.
 * Each cell's distribution comes from its reading (valueDistribution), refined by putts <=
 * score on its hole, then conditioned on the column's sum (sumPosteriors).
 *
 * - Readings that already add up: a review field whose own reading is now at least as
 *   probable as the accept threshold (the totals row vouches for it) is ACCEPTED with
 *   `decided-by-cross-check`; accepted fields stay as they are.
 * - Readings that do not add up: every field of the column is decided by its posterior. One
 *   at or above the threshold is ACCEPTED (with `decided-by-cross-check` when that changed
 *   its decision or its value); the others go to review with `total-mismatch` and the
 *   posterior's best value as their guess. A single misread cell is thus either corrected
 *   or flagged alone. Accepted fields of one column add up: each holds its posterior's best
 *   value at probability >= threshold, and the posterior only weighs consistent readings.
 *
 * A column is left to crossCheckPage (which flags every field of a mismatch) when a cell
 * has no numeric reading (blank, unreadable) or no field range. Returns the decisions and
 * the columns it decided.
 */
export function decideByArithmetic(
  specs: readonly FieldSpec[],
  decisions: readonly FieldDecision[],
  readings: ReadonlyMap<string, CellReading>,
  reader: ReaderTraits,
): { decisions: FieldDecision[]; decidedColumns: Set<'score' | 'putts'> } {
  const out = [...decisions];
  const at = new Map(specs.map((s, i) => [s.id, i]));
  const holes = [...new Set(specs.filter((s) => s.holeNumber !== undefined).map((s) => s.holeNumber as number))];
  const decidedColumns = new Set<'score' | 'putts'>();
  const distributions = new Map<string, ValueDistribution>();
  const distributionOf = (id: string): ValueDistribution | undefined => {
    if (distributions.has(id)) return distributions.get(id);
    const i = at.get(id);
    const reading = readings.get(id);
    if (i === undefined || !reading || readValue(decisions[i]) === null) return undefined;
    const d = valueDistribution(specs[i], reading);
    if (d) distributions.set(id, d);
    return d;
  };
  for (const hole of holes) {
    const score = distributionOf(`hole-${hole}.score`);
    const putts = distributionOf(`hole-${hole}.putts`);
    if (!score || !putts) continue;
    const refined = puttsWithinScore(score, putts);
    distributions.set(`hole-${hole}.score`, refined.score);
    distributions.set(`hole-${hole}.putts`, refined.putts);
  }
  for (const field of ['score', 'putts'] as const) {
    const ids = holes.map((h) => `hole-${h}.${field}`);
    const totalId = `totals.${field}`;
    const parts = ids.map(distributionOf);
    const total = distributionOf(totalId);
    if (holes.length === 0 || !total || parts.some((p) => p === undefined)) continue;
    decidedColumns.add(field);
    const posterior = sumPosteriors(parts as ValueDistribution[], total);
    const values = [...ids, totalId].map((id) => readValue(decisions[at.get(id) as number]) as number);
    const consistent = values.slice(0, -1).reduce((a, b) => a + b, 0) === values[values.length - 1];
    [...ids, totalId].forEach((id, k) => {
      const i = at.get(id) as number;
      const { value, probability } = best(k < ids.length ? posterior.parts[k] : posterior.total);
      out[i] = consistent ? vouched(decisions[i], value, probability, reader) : decidedByPosterior(decisions[i], value, probability, reader);
    });
  }
  return { decisions: out, decidedColumns };
}

const DECIDED: ReasonCode = 'decided-by-cross-check';

/** Readings that add up: only a review field holding its own low-confidence reading can be accepted. */
function vouched(decision: FieldDecision, value: number, probability: number, reader: ReaderTraits): FieldDecision {
  const ownReading = decision.decision === 'NEEDS_REVIEW' && decision.reasonCodes.length === 1 && decision.reasonCodes[0] === 'low-confidence' && decision.bestGuess === value;
  if (!ownReading || probability < reader.acceptThreshold) return decision;
  return accepted(decision, value);
}

function decidedByPosterior(decision: FieldDecision, value: number, probability: number, reader: ReaderTraits): FieldDecision {
  if (probability >= reader.acceptThreshold) {
    if (decision.decision === 'ACCEPTED' && decision.value === value) return decision;
    // Only a field whose own reading is a number the posterior can overrule (not an unreadable or out-of-range one).
    const ownReasons = decision.reasonCodes.filter((r) => r !== 'low-confidence');
    if (ownReasons.length === 0) return accepted(decision, value);
  }
  const { bestGuess: _previous, ...rest } = decision;
  const reasonCodes: ReasonCode[] = decision.reasonCodes.includes('total-mismatch') ? decision.reasonCodes : [...decision.reasonCodes, 'total-mismatch'];
  return { ...rest, decision: 'NEEDS_REVIEW', value: null, bestGuess: value, reasonCodes };
}

function accepted(decision: FieldDecision, value: number): FieldDecision {
  const { bestGuess: _previous, ...rest } = decision;
  return { ...rest, decision: 'ACCEPTED', value, reasonCodes: [DECIDED] };
}
