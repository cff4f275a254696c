// Module-level alias: global lookups are slow inside Jest's VM contexts, and cells draw per pixel.
const { floor } = Math;

/**
 * The draws both synthesis generators make on top of their own uniform source. Scenes and cells
 * keep separate sources (mulberry32 and sfc32): every recorded seed reproduces only with its own.
 */
export abstract class RandomDraws {
  /** Uniform in [0, 1). */
  abstract next(): number;

  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max). */
  int(min: number, max: number): number {
    return min + floor(this.next() * (max - min));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length)];
  }
}
