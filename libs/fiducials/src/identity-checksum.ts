/**
 * Checksum of the printed identity: a Reed-Solomon code over GF(32) whose symbols are the
 * Crockford base-32 characters (no I, L, O, U, so no letter/digit look-alikes). Four check
 * symbols give minimum distance 5; the reader corrects one wrong character and, by refusing
 * larger corrections, still detects any three.
 */
export const IDENTITY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CHECK_SYMBOLS = 4;
/** Largest number of characters the reader is allowed to change. */
export const MAX_CORRECTIONS = 1;

const EXP = new Array<number>(62);
const LOG = new Array<number>(32).fill(0);
{
  // Primitive polynomial x^5 + x^2 + 1.
  let x = 1;
  for (let i = 0; i < 31; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x20) x ^= 0x25;
  }
  for (let i = 31; i < 62; i++) EXP[i] = EXP[i - 31];
}

function mul(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]];
}

/** Generator (x - a)(x - a^2)(x - a^3)(x - a^4), highest degree first. */
const GENERATOR = (() => {
  let g = [1];
  for (let i = 1; i <= CHECK_SYMBOLS; i++) {
    const next = new Array<number>(g.length + 1).fill(0);
    for (let j = 0; j < g.length; j++) {
      next[j] ^= g[j];
      next[j + 1] ^= mul(g[j], EXP[i]);
    }
    g = next;
  }
  return g;
})();

export class IdentitySymbolError extends Error {
  readonly code = 'scorecard-design-unreadable';
}

export function toSymbols(text: string): number[] {
  return [...text].map((ch) => {
    const value = IDENTITY_ALPHABET.indexOf(ch);
    if (value < 0) throw new IdentitySymbolError(`character '${ch}' is not in the identity alphabet`);
    return value;
  });
}

export function fromSymbols(symbols: readonly number[]): string {
  return symbols.map((s) => IDENTITY_ALPHABET[s]).join('');
}

/** Check characters for `message` (systematic encoding: remainder of message * x^4 by g). */
export function computeCheck(message: string): string {
  const symbols = toSymbols(message);
  if (symbols.length + CHECK_SYMBOLS > 31) throw new IdentitySymbolError('identity too long for the checksum');
  const remainder = new Array<number>(CHECK_SYMBOLS).fill(0);
  for (const s of symbols) {
    const factor = s ^ remainder[0];
    remainder.shift();
    remainder.push(0);
    for (let j = 0; j < CHECK_SYMBOLS; j++) remainder[j] ^= mul(GENERATOR[j + 1], factor);
  }
  return fromSymbols(remainder);
}

function syndromesZero(codeword: readonly number[]): boolean {
  for (let i = 1; i <= CHECK_SYMBOLS; i++) {
    let value = 0;
    for (const s of codeword) value = mul(value, EXP[i]) ^ s;
    if (value !== 0) return false;
  }
  return true;
}

export interface CheckedIdentity {
  message: string;
  check: string;
  correctionCount: number;
}

/**
 * Verifies `message` + `check`; with one wrong character anywhere (message or check) returns
 * the corrected pair. Undefined when more damage is present. A brute-force single-symbol search
 * is enough for codewords of at most 31 symbols, and distance 5 makes its answer unique.
 */
export function verifyCheck(message: string, check: string): CheckedIdentity | undefined {
  if (check.length !== CHECK_SYMBOLS) return undefined;
  let codeword: number[];
  try {
    codeword = toSymbols(message + check);
  } catch {
    return undefined;
  }
  if (codeword.length > 31) return undefined;
  const split = (word: number[]) => ({ message: fromSymbols(word.slice(0, message.length)), check: fromSymbols(word.slice(message.length)) });
  if (syndromesZero(codeword)) return { ...split(codeword), correctionCount: 0 };
  for (let position = 0; position < codeword.length; position++) {
    const original = codeword[position];
    for (let value = 0; value < 32; value++) {
      if (value === original) continue;
      codeword[position] = value;
      if (syndromesZero(codeword)) return { ...split(codeword), correctionCount: 1 };
    }
    codeword[position] = original;
  }
  return undefined;
}
