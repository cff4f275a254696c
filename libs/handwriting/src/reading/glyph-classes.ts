/** Classifier outputs: digits 0..9 and "not one digit" (a speck, a smudge, half a digit or two digits in one glyph). */
export const DIGIT_CLASSES = 11;
export const NOT_A_DIGIT = 10;

/** Softmax of logits divided by a temperature. */
export function softmax(logits: Float32Array, temperature = 1): Float64Array {
  const out = new Float64Array(logits.length);
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v / temperature);
  let sum = 0;
  for (let i = 0; i < logits.length; i++) {
    out[i] = Math.exp(logits[i] / temperature - max);
    sum += out[i];
  }
  for (let i = 0; i < out.length; i++) out[i] /= sum;
  return out;
}
