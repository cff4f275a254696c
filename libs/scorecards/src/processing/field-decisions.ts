import type { CellReading, FieldRole, RoleThresholds } from '@caddie/handwriting';
import type { FieldSpec } from './field-plan';
import type { ReasonCode } from './reason-codes';

export type FieldValue = number | string;

/** The public field decision (spec "Scorecard resources"). */
export interface FieldDecision {
  row: string;
  field: string;
  decision: 'ACCEPTED' | 'NEEDS_REVIEW';
  /** The accepted value; null when blank, and always null for review fields (the reading is withheld). */
  value: FieldValue | null;
  /** What was read, as written; null when blank, unreadable or not transcribed. */
  literal: string | null;
  /** Review fields only: the best field-valid reading, when there is one. */
  bestGuess?: FieldValue;
  reasonCodes: ReasonCode[];
}

/** What the decisions need to know about the reader (never returned to clients). */
export interface ReaderTraits {
  acceptThreshold: number;
  /** The reader's thresholds per field role, when it was calibrated per role (HandwritingProvider). */
  roleThresholds?: Readonly<Partial<Record<FieldRole, RoleThresholds>>>;
  readsText: boolean;
}

/** Rows whose digit fields are sums of others (the card's arithmetic checks them); the rest are entries. */
const SUM_ROWS = new Set(['totals', 'roundSummary']);

/** The accept-threshold role of a row's digit fields. */
export function fieldRole(row: string): FieldRole {
  return SUM_ROWS.has(row) ? 'sum' : 'entry';
}

/**
 * The confidence at which a field's own reading (blank, or a number) is accepted: for a digit
 * field, its role's threshold for that reading when the reader has one (never, when no
 * threshold reaches the target for it); otherwise, and for text, the reader's all-field threshold.
 */
export function ownAcceptThreshold(reader: ReaderTraits, spec: Pick<FieldSpec, 'row' | 'content'>, blank: boolean): number {
  const thresholds = spec.content === 'digits' ? reader.roleThresholds?.[fieldRole(spec.row)] : undefined;
  if (!thresholds) return reader.acceptThreshold;
  return (blank ? thresholds.blank : thresholds.number) ?? Number.POSITIVE_INFINITY;
}

/**
 * The probability at which the card's arithmetic accepts a digit field's posterior: the lower
 * of its role's threshold and the all-field one. A posterior weighs the field's reading with
 * the readings of the fields its rules tie it to, so a sum whose own reading is too often
 * confidently wrong to be accepted alone is still decided when its holes vouch for it; the
 * pipeline's precision with such decisions is what `eval:process` measures.
 */
export function posteriorAcceptThreshold(reader: ReaderTraits, row: string): number {
  return Math.min(reader.acceptThreshold, ownAcceptThreshold(reader, { row, content: 'digits' }, false));
}

/** Longest text value a supplemental field accepts (a list of playing partners fits). */
const MAX_TEXT_LENGTH = 200;

export type ParsedValue = { valid: true; value: FieldValue } | { valid: false; reason: 'unreadable' | 'out-of-range' };

/**
 * A literal as this field's value. Digit fields take plain decimal digits, at most
 * `maxDigits`, no leading zero, inside the range; text fields a trimmed non-empty string.
 */
export function parseFieldValue(spec: FieldSpec, literal: string): ParsedValue {
  const trimmed = literal.trim();
  if (spec.content === 'text') {
    if (trimmed.length === 0) return { valid: false, reason: 'unreadable' };
    return trimmed.length <= MAX_TEXT_LENGTH ? { valid: true, value: trimmed } : { valid: false, reason: 'out-of-range' };
  }
  if (!/^[0-9]+$/.test(trimmed)) return { valid: false, reason: 'unreadable' };
  if (trimmed.length > (spec.maxDigits ?? 3) || (trimmed.length > 1 && trimmed.startsWith('0'))) return { valid: false, reason: 'out-of-range' };
  const value = Number(trimmed);
  const range = spec.range;
  if (range && (value < range.min || value > range.max)) return { valid: false, reason: 'out-of-range' };
  return { valid: true, value };
}

/**
 * The best field-valid reading, walking the top reading and then the alternatives best
 * first: an invalid literal is passed over, a blank one ends the walk with no guess (the
 * reader then thinks "empty" more likely than any valid value).
 */
export function bestFieldValidReading(spec: FieldSpec, reading: CellReading): FieldValue | undefined {
  const candidates: (string | null)[] = [reading.blank ? null : reading.literal];
  for (const alternative of [...reading.alternatives].sort((a, b) => b.confidence - a.confidence)) candidates.push(alternative.literal);
  for (const [i, literal] of candidates.entries()) {
    if (literal === null) {
      if (i === 0 && !reading.blank) continue; // unreadable top reading: the alternatives may still hold a guess
      return undefined;
    }
    if (literal.trim() === '') return undefined;
    const parsed = parseFieldValue(spec, literal);
    if (parsed.valid) return parsed.value;
  }
  return undefined;
}

/**
 * An uncertain blank's guess: the first field-valid number among its alternatives (the reader
 * names them when it saw strokes too light to read as ink), none when it named none.
 */
function guessBesideBlank(spec: FieldSpec, reading: CellReading): FieldValue | undefined {
  for (const alternative of [...reading.alternatives].sort((a, b) => b.confidence - a.confidence)) {
    const parsed = parseFieldValue(spec, alternative.literal);
    if (parsed.valid) return parsed.value;
  }
  return undefined;
}

function review(spec: FieldSpec, literal: string | null, reasons: ReasonCode[], guess: FieldValue | undefined): FieldDecision {
  return {
    row: spec.row,
    field: spec.field,
    decision: 'NEEDS_REVIEW',
    value: null,
    literal,
    ...(guess === undefined ? {} : { bestGuess: guess }),
    reasonCodes: reasons,
  };
}

/**
 * A field covered in the photo (`obscured`): nothing was read from it, so it holds no value and
 * no guess, and the card's arithmetic, having no reading of it to weigh, leaves its rules alone.
 */
export function obscuredField(spec: FieldSpec): FieldDecision {
  return review(spec, null, ['obscured'], undefined);
}

/**
 * One field's decision from its reading alone (cross-checks come later). ACCEPTED needs a
 * confidence at or above the field's threshold (ownAcceptThreshold) and a field-valid value, or a confident
 * blank (value null). Everything else is NEEDS_REVIEW with the value withheld.
 */
export function decideField(spec: FieldSpec, reading: CellReading, reader: ReaderTraits): FieldDecision {
  const confident = reading.confidence >= ownAcceptThreshold(reader, spec, reading.blank);
  if (reading.blank) {
    if (confident) return { row: spec.row, field: spec.field, decision: 'ACCEPTED', value: null, literal: null, reasonCodes: [] };
    return review(spec, null, ['uncertain-blank'], guessBesideBlank(spec, reading));
  }
  if (spec.content === 'text' && !reader.readsText) return review(spec, null, ['text-not-transcribed'], undefined);
  const literal = reading.literal === null || reading.literal.trim() === '' ? null : reading.literal.trim();
  const guess = bestFieldValidReading(spec, reading);
  if (literal === null) return review(spec, null, ['unreadable'], guess);
  const parsed = parseFieldValue(spec, literal);
  if (!parsed.valid) return review(spec, literal, [parsed.reason], guess);
  if (!confident) return review(spec, literal, ['low-confidence'], parsed.value);
  return { row: spec.row, field: spec.field, decision: 'ACCEPTED', value: parsed.value, literal, reasonCodes: [] };
}
