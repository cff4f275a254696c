/** Deterministic pseudo-random integers for tests, so a failing case can be replayed. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    // xorshift32: small, fast, and good enough to scatter test tiles.
    let s = this.state;
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    this.state = s >>> 0;
    return this.state / 0x1_0000_0000;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** `length` random bytes. */
  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let index = 0; index < length; index += 1) out[index] = this.int(0, 255);
    return out;
  }

  /** The items in a random order (Fisher–Yates on a copy). */
  shuffled<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let index = out.length - 1; index > 0; index -= 1) {
      const other = this.int(0, index);
      [out[index], out[other]] = [out[other], out[index]];
    }
    return out;
  }
}
