import type { CellReading } from '@caddie/handwriting';
import { parseFieldValue, posteriorAcceptThreshold, type FieldDecision, type ReaderTraits } from './field-decisions';
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
 * values the reader did not name: half on those one misread digit away, half over the range;
 * weighed with the field's prior where it has one (the reader's confidences assume every digit
 * equally likely). Blank readings and invalid literals keep no mass (the cell is known to hold a
 * number here). Undefined for fields without a range.
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
  const near =
    !reading.blank && reading.literal
      ? [...Array(range.max - range.min + 1).keys()].map((k) => k + range.min).filter((v) => oneDigitApart(String(v), reading.literal!.trim()))
      : [];
  const span = range.max - range.min + 1;
  const spread = near.length > 0 ? unlisted / 2 : unlisted;
  for (let v = range.min; v <= range.max; v++) out[v] = spread / span + (listed.get(v) ?? 0) * scale;
  for (const v of near) out[v] += (unlisted - spread) / near.length;
  const prior = spec.prior;
  if (prior) for (let v = range.min; v <= range.max; v++) out[v] *= prior[v] ?? 0;
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
 * Share of written column totals that do not add up as written: players mis-add. The arithmetic
 * must allow for it, or a card totalled wrong by hand would cast doubt on every confident cell
 * of its column. A prior, not fitted: about one total in twenty.
 */
export const MISADD_RATE = 0.05;
/** A mis-added total lies 1 to this many strokes from the true sum, either way, weight 1 / distance. */
const MISADD_REACH = 10;

/** The mis-add offsets d (written = sum + d) and their probabilities. */
function misaddOffsets(): { offset: number; weight: number }[] {
  const raw: { offset: number; weight: number }[] = [];
  for (let d = 1; d <= MISADD_REACH; d++) raw.push({ offset: d, weight: 1 / d }, { offset: -d, weight: 1 / d });
  const sum = raw.reduce((s, o) => s + o.weight, 0);
  return raw.map((o) => ({ ...o, weight: o.weight / sum }));
}
const MISADD_OFFSETS = misaddOffsets();

/** Sum-rule posteriors: the parts, the total as written, and the chance the total was mis-added. */
export interface SumPosteriors {
  parts: ValueDistribution[];
  /** Over the value written in the totals cell. */
  total: ValueDistribution;
  /** Probability that the written total is not the sum of the written parts. */
  misadded: number;
}

/**
 * How likely each written total t is, given the parts' distributions: the parts' sum written
 * right (probability 1 - misaddRate) or mis-added by one of MISADD_OFFSETS. `right` and `wrong`
 * split the two cases; index = t, below `length`.
 */
function writtenTotal(
  parts: readonly ValueDistribution[],
  length: number,
  misaddRate: number,
): { sum: Float64Array; right: Float64Array; wrong: Float64Array } {
  let sum: Float64Array = Float64Array.of(1);
  for (const p of parts) sum = convolve(sum, p);
  const right = new Float64Array(length);
  const wrong = new Float64Array(length);
  for (let t = 0; t < length; t++) {
    right[t] = (1 - misaddRate) * (t < sum.length ? sum[t] : 0);
    for (const { offset, weight } of MISADD_OFFSETS) {
      const s = t - offset;
      if (s >= 0 && s < sum.length) wrong[t] += misaddRate * weight * sum[s];
    }
  }
  return { sum, right, wrong };
}

/**
 * The evidence that the parts of a sum rule give about the value written as its total: for each
 * t, the probability that the parts' readings add up to a total written as t (mis-adds allowed).
 * A message in the card's arithmetic: multiplied into the total's own distribution, it gives the
 * total's posterior under the rule (as sumPosteriors' `total`).
 */
export function totalLikelihood(parts: readonly ValueDistribution[], length: number, misaddRate = MISADD_RATE): Float64Array {
  const { right, wrong } = writtenTotal(parts, length, misaddRate);
  return right.map((q, t) => q + wrong[t]);
}

/**
 * Posteriors of the cells of one sum rule (parts add up to total), each cell's reading
 * independent a priori, and the written total equal to the parts' sum except for a mis-add
 * (probability `misaddRate`, off by MISADD_OFFSETS). Exact, by convolution: part i's value v is
 * weighted by the probability that the other parts and the total reading fit it.
 */
export function sumPosteriors(parts: readonly ValueDistribution[], total: ValueDistribution, misaddRate = MISADD_RATE): SumPosteriors {
  const { sum: all, right, wrong } = writtenTotal(parts, total.length, misaddRate);
  // How likely the total's reading is for each possible sum s: written right, or mis-added.
  const fits = all.map((_, s) => {
    let misadded = 0;
    for (const { offset, weight } of MISADD_OFFSETS) {
      const t = s + offset;
      if (t >= 0 && t < total.length) misadded += weight * total[t];
    }
    return (1 - misaddRate) * (s < total.length ? total[s] : 0) + misaddRate * misadded;
  });
  const posteriorParts = parts.map((p, i) => {
    let others: Float64Array = Float64Array.of(1);
    parts.forEach((q, j) => {
      if (j !== i) others = convolve(others, q);
    });
    const out = new Float64Array(p.length);
    for (let v = 0; v < p.length; v++) {
      if (p[v] === 0) continue;
      let agree = 0;
      for (let u = 0; u < others.length; u++) agree += others[u] * fits[u + v];
      out[v] = p[v] * agree;
    }
    return normalize(out);
  });
  let rightMass = 0;
  let wrongMass = 0;
  for (let t = 0; t < total.length; t++) {
    rightMass += total[t] * right[t];
    wrongMass += total[t] * wrong[t];
  }
  const posteriorTotal = normalize(total.map((q, t) => q * (right[t] + wrong[t])));
  return { parts: posteriorParts, total: posteriorTotal, misadded: rightMass + wrongMass > 0 ? wrongMass / (rightMass + wrongMass) : 0 };
}

/** A distribution refined by independent evidence (index = value), renormalized; undefined evidence leaves it as it is. */
export function withEvidence(d: ValueDistribution, evidence: Float64Array | undefined): ValueDistribution {
  if (!evidence) return d;
  const out = d.map((q, v) => q * (v < evidence.length ? evidence[v] : 0));
  return out.some((q) => q > 0) ? normalize(out) : d;
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

/** The most probable value of a distribution and its probability. */
export function best(d: ValueDistribution): { value: number; probability: number } {
  let value = 0;
  for (let v = 1; v < d.length; v++) if (d[v] > d[value]) value = v;
  return { value, probability: d[value] };
}

/** A decision's number: its accepted value or its best guess. */
export const readValue = (d: FieldDecision): number | null => {
  const v = d.value ?? d.bestGuess;
  return typeof v === 'number' ? v : null;
};

/**
 * The value distribution of field `id` when its decision holds a number (accepted or guessed);
 * undefined for blank, unreadable or rangeless fields. `at` maps field ids to spec indices.
 */
export function fieldDistribution(
  id: string,
  specs: readonly FieldSpec[],
  decisions: readonly FieldDecision[],
  readings: ReadonlyMap<string, CellReading>,
  at: ReadonlyMap<string, number>,
): ValueDistribution | undefined {
  const i = at.get(id);
  const reading = readings.get(id);
  return i === undefined || !reading || readValue(decisions[i]) === null ? undefined : valueDistribution(specs[i], reading);
}

/** A confidently blank cell: in a column sum it counts as 0 (a hole not played or not putted). */
const confidentlyBlank = (d: FieldDecision): boolean => d.decision === 'ACCEPTED' && d.value === null && d.literal === null;

/**
 * Decides the hole and totals fields of each sum rule (score column, putts column) from the
 * most probable consistent reading of the whole column, instead of from each cell alone.
 * Each cell's distribution comes from its reading (valueDistribution), refined by putts <=
 * score on its hole, then conditioned on the column's sum (sumPosteriors), which allows for a
 * player's mis-add. Confidently blank holes count as 0: a partly filled card totals what was played.
 *
 * - Readings that already add up: a review field whose own reading is now at least as
 *   probable as its posterior threshold (posteriorAcceptThreshold; the totals row vouches for
 *   it) is ACCEPTED with `decided-by-cross-check`; accepted fields stay as they are.
 * - Readings that do not add up: every written field of the column is decided by its
 *   posterior. One at or above its posterior threshold is ACCEPTED (with `decided-by-cross-check` when
 *   that changed its decision or its value); the others go to review with `total-mismatch`
 *   and the posterior's best value as their guess. A single misread cell is thus either
 *   corrected or flagged alone.
 * - When the most probable values still do not add up, the player's own sum is wrong as
 *   written (everything read confidently, the total off): the totals field alone goes to
 *   review with `total-mismatch`, the value it most probably holds as its guess. So the
 *   accepted fields of a column always add up, or its total is in review.
 *
 * A column is left to crossCheckPage (which flags every field of a mismatch) when a cell
 * has no numeric reading and is not confidently blank (unreadable, uncertain), when the total
 * is blank or no hole is written, or when a field has no range.
 *
 * `totalEvidence` is what other rules of the page say about a column's total (the Round
 * Summary's inScore copies the score total: decideCardArithmetic passes it), multiplied into
 * the total's distribution. Returns the decisions, the columns it decided and, per decided
 * column, the evidence its holes give about its total (totalLikelihood) for those other rules.
 */
export function decideByArithmetic(
  specs: readonly FieldSpec[],
  decisions: readonly FieldDecision[],
  readings: ReadonlyMap<string, CellReading>,
  reader: ReaderTraits,
  totalEvidence: Partial<Record<'score' | 'putts', Float64Array>> = {},
): { decisions: FieldDecision[]; decidedColumns: Set<'score' | 'putts'>; holeEvidence: Map<'score' | 'putts', Float64Array> } {
  const out = [...decisions];
  const holeEvidence = new Map<'score' | 'putts', Float64Array>();
  const at = new Map(specs.map((s, i) => [s.id, i]));
  const holes = [...new Set(specs.filter((s) => s.holeNumber !== undefined).map((s) => s.holeNumber as number))];
  const decidedColumns = new Set<'score' | 'putts'>();
  const distributions = new Map<string, ValueDistribution>();
  const distributionOf = (id: string): ValueDistribution | undefined => {
    if (distributions.has(id)) return distributions.get(id);
    const d = fieldDistribution(id, specs, decisions, readings, at);
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
    const totalId = `totals.${field}`;
    const total = distributionOf(totalId);
    // Written holes take part with their distributions; confidently blank ones add 0.
    const written = holes.map((h) => `hole-${h}.${field}`).filter((id) => at.has(id) && !confidentlyBlank(decisions[at.get(id) as number]));
    const parts = written.map(distributionOf);
    if (written.length === 0 || !total || parts.some((p) => p === undefined)) continue;
    const posterior = sumPosteriors(parts as ValueDistribution[], withEvidence(total, totalEvidence[field]));
    if (!posterior.total.some((q) => q > 0)) continue; // no sum the readings allow explains the total
    decidedColumns.add(field);
    holeEvidence.set(field, totalLikelihood(parts as ValueDistribution[], total.length));
    const values = [...written, totalId].map((id) => readValue(decisions[at.get(id) as number]) as number);
    const consistent = values.slice(0, -1).reduce((a, b) => a + b, 0) === values[values.length - 1];
    const bestValues: number[] = [];
    [...written, totalId].forEach((id, k) => {
      const i = at.get(id) as number;
      const { value, probability } = best(k < written.length ? posterior.parts[k] : posterior.total);
      bestValues.push(value);
      out[i] = consistent ? vouched(decisions[i], value, probability, reader) : decidedByPosterior(decisions[i], value, probability, reader);
    });
    const totalBest = bestValues.pop() as number;
    if (!consistent && bestValues.reduce((a, b) => a + b, 0) !== totalBest) {
      const i = at.get(totalId) as number;
      out[i] = mismatched(decisions[i], totalBest);
    }
  }
  // Holes whose decided values (accepted or guessed) still break putts <= score are decided from
  // the two cells' joint posterior (refined above) instead of flagging both: the conflict usually
  // points at one cell (a score read 3 at 1.00 beside putts read 7 at 0.53 or 2 at 0.46). A field
  // keeps its acceptance when that posterior still holds its value at its posterior threshold;
  // the other goes to review with `putts-exceed-score` and the posterior's best value (at most the
  // score) as its guess. Nothing is accepted here that was not already. Holes without both
  // distributions are left to crossCheckPage, which flags both fields.
  for (const hole of holes) {
    const [si, pi] = [at.get(`hole-${hole}.score`), at.get(`hole-${hole}.putts`)];
    if (si === undefined || pi === undefined) continue;
    const [score, putts] = [readValue(out[si]), readValue(out[pi])];
    const [scorePosterior, puttsPosterior] = [distributions.get(`hole-${hole}.score`), distributions.get(`hole-${hole}.putts`)];
    if (score === null || putts === null || putts <= score || !scorePosterior || !puttsPosterior) continue;
    out[si] = keptUnderRule(out[si], scorePosterior, reader);
    out[pi] = keptUnderRule(out[pi], puttsPosterior, reader);
  }
  return { decisions: out, decidedColumns, holeEvidence };
}

/** An accepted field whose value the rule's posterior still holds stays; any other goes to review for putts-exceed-score. */
function keptUnderRule(decision: FieldDecision, posterior: ValueDistribution, reader: ReaderTraits): FieldDecision {
  const { value, probability } = best(posterior);
  if (decision.decision === 'ACCEPTED' && decision.value === value && probability >= posteriorAcceptThreshold(reader, decision.row)) return decision;
  return mismatched(decision, value, 'putts-exceed-score');
}

const DECIDED: ReasonCode = 'decided-by-cross-check';

/** Readings that add up: only a review field holding its own low-confidence reading can be accepted. */
export function vouched(decision: FieldDecision, value: number, probability: number, reader: ReaderTraits): FieldDecision {
  const ownReading =
    decision.decision === 'NEEDS_REVIEW' && decision.reasonCodes.length === 1 && decision.reasonCodes[0] === 'low-confidence' && decision.bestGuess === value;
  if (!ownReading || probability < posteriorAcceptThreshold(reader, decision.row)) return decision;
  return accepted(decision, value);
}

/** A field of readings that do not add up, decided by its posterior; `reason` names the rule when it goes to review. */
export function decidedByPosterior(
  decision: FieldDecision,
  value: number,
  probability: number,
  reader: ReaderTraits,
  reason: ReasonCode = 'total-mismatch',
): FieldDecision {
  if (probability >= posteriorAcceptThreshold(reader, decision.row)) {
    if (decision.decision === 'ACCEPTED' && decision.value === value) return decision;
    // Only a field whose own reading is a number the posterior can overrule (not an unreadable or out-of-range one).
    const ownReasons = decision.reasonCodes.filter((r) => r !== 'low-confidence');
    if (ownReasons.length === 0) return accepted(decision, value);
  }
  return mismatched(decision, value, reason);
}

/** In review for the card's arithmetic (`reason`), `guess` as the best guess; the field's own reasons stay. */
export function mismatched(decision: FieldDecision, guess: number, reason: ReasonCode = 'total-mismatch'): FieldDecision {
  const { bestGuess: _previous, ...rest } = decision;
  const own = decision.reasonCodes.filter((r) => r !== DECIDED);
  const reasonCodes: ReasonCode[] = own.includes(reason) ? own : [...own, reason];
  return { ...rest, decision: 'NEEDS_REVIEW', value: null, bestGuess: guess, reasonCodes };
}

function accepted(decision: FieldDecision, value: number): FieldDecision {
  const { bestGuess: _previous, ...rest } = decision;
  return { ...rest, decision: 'ACCEPTED', value, reasonCodes: [DECIDED] };
}
