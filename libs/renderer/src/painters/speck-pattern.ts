/**
 * Seeded speck textures (terrain flecks, paper grain) as a repeating tile: one pattern fill
 * instead of tens of thousands of tiny rectangles keeps texture cost flat in the output size.
 */
import { SeededRandom } from '@caddie/catalog';
import { createCanvas, type CanvasPattern, type SKRSContext2D } from '@napi-rs/canvas';

const TILE = 509; // a prime-sized tile makes the repeat hard to see

export function speckPattern(ctx: SKRSContext2D, seed: string, color: string, specksPerPixel: number, speckPx: number): CanvasPattern {
  const tile = createCanvas(TILE, TILE);
  const t = tile.getContext('2d');
  const random = new SeededRandom(seed);
  const count = Math.round(TILE * TILE * specksPerPixel);
  t.fillStyle = color;
  t.beginPath();
  for (let i = 0; i < count; i++) {
    const s = speckPx * (0.6 + random.next() * 0.8);
    t.rect(random.next() * TILE, random.next() * TILE, s, s);
  }
  t.fill();
  return ctx.createPattern(tile, 'repeat') as CanvasPattern;
}

/** The pattern's phase at a canvas whose corner sits at `offset` in texture space (whole pixels). */
export function speckPatternPhase(offset: readonly [number, number]): [number, number] {
  const wrap = (v: number) => ((Math.round(v) % TILE) + TILE) % TILE;
  return [wrap(offset[0]), wrap(offset[1])];
}
