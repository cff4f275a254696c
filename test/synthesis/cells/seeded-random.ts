import { RandomDraws } from '../random-draws';

// Module-level aliases: global lookups are slow inside Jest's VM contexts, and these run per pixel.
const { PI, cos, imul, log, sqrt } = Math;

/**
 * Deterministic random numbers (sfc32 seeded through splitmix32): a synthesized cell is a
 * pure function of its seed, so training runs and tests reproduce exactly.
 */
export class SeededRandom extends RandomDraws {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    super();
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t / 4294967296;
  }

  /** Picks an index with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  gaussian(sigma = 1): number {
    const u = this.next() || 1e-12;
    return sqrt(-2 * log(u)) * cos(2 * PI * this.next()) * sigma;
  }
}
