import { SeededRandom } from './seeded-random';

export interface TestTile {
  z: number;
  x: number;
  y: number;
  bytes: Uint8Array;
}

/** The z14 tile over St Andrews; course tiles descend from it. */
export const COURSE_ROOT_TILE = { z: 14, x: 8064, y: 5073 };

/**
 * A pyramid under a 2x2 block of z14 tiles down to z17 (340 tiles), with random-length distinct
 * contents except every seventh tile, which repeats one "blank fairway" image.
 */
export function coursePyramid(seed: number): TestTile[] {
  const random = new SeededRandom(seed);
  const blank = random.bytes(90);
  const tiles: TestTile[] = [];
  for (let z = 14; z <= 17; z += 1) {
    const scale = 2 ** (z - COURSE_ROOT_TILE.z);
    for (let dx = 0; dx < 2 * scale; dx += 1) {
      for (let dy = 0; dy < 2 * scale; dy += 1) {
        const bytes = tiles.length % 7 === 3 ? blank : random.bytes(random.int(1, 300));
        tiles.push({ z, x: COURSE_ROOT_TILE.x * scale + dx, y: COURSE_ROOT_TILE.y * scale + dy, bytes });
      }
    }
  }
  return tiles;
}

/**
 * `count` distinct small tiles scattered over z12-z14 around the course: sparse, irregular tile
 * ids and lengths make directories compress poorly, as in a real archive that needs leaves.
 */
export function scatteredTiles(count: number, seed: number): TestTile[] {
  const random = new SeededRandom(seed);
  const taken = new Set<string>();
  const tiles: TestTile[] = [];
  while (tiles.length < count) {
    const z = random.int(12, 14);
    const span = 2 ** (z - 9);
    const x = 252 * 2 ** (z - 9) + random.int(0, 8 * span - 1);
    const y = 159 * 2 ** (z - 9) + random.int(0, 8 * span - 1);
    const key = `${z}/${x}/${y}`;
    if (taken.has(key)) continue;
    taken.add(key);
    // A 4-byte serial number keeps every content distinct.
    const bytes = random.bytes(random.int(4, 40));
    new DataView(bytes.buffer).setUint32(0, tiles.length);
    tiles.push({ z, x, y, bytes });
  }
  return tiles;
}
