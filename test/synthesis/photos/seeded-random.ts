import { RandomDraws } from '../random-draws';

const { imul, sqrt, log, cos, PI } = Math;

/** Small deterministic generator (mulberry32): a scene is a pure function of its seed. */
export class SeededRandom extends RandomDraws {
  private state: number;

  constructor(seed: number) {
    super();
    // Spread nearby seeds apart so seed 1 and seed 2 do not start on similar sequences.
    this.state = imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  gaussian(sigma = 1): number {
    return sqrt(-2 * log(this.next() + 1e-12)) * cos(2 * PI * this.next()) * sigma;
  }

  /** An independent stream for one part of the scene, so adding a feature elsewhere does not reshuffle it. */
  fork(label: string): SeededRandom {
    let h = this.state;
    for (let i = 0; i < label.length; i++) h = imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new SeededRandom(h);
  }
}
