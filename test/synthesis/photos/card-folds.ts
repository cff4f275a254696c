import { applyHomography, invertHomography, type Homography, type Point } from '@caddie/fiducials';
import type { SeededRandom } from './seeded-random';

/**
 * A fold or crease across a card, in card millimetres: the line from `from` to `to` (both on
 * the card's edge or beyond it). A fold that was pressed flat again leaves a thin dark crease,
 * its two faces tilted apart: one catches the light (a highlight) and one falls into shade.
 */
export interface CardFold {
  from: Point;
  to: Point;
  /** Darkening at the crease's middle (share of the paper's brightness). */
  crease: number;
  /** Half width of the crease's dark core, mm. */
  creaseWidthMm: number;
  /** Brightening of the lit face and darkening of the shaded one at the crease, shares. */
  highlight: number;
  shade: number;
  /** How far the light and shade reach from the crease, mm (each falls off exponentially). */
  reachMm: number;
}

/**
 * One to three folds of a card carried in a pocket: across its width or its height (folded in
 * half or in thirds), a few degrees off square, now and then a corner dog-ear.
 */
export function planFolds(widthMm: number, heightMm: number, random: SeededRandom): CardFold[] {
  const count = random.pick([1, 1, 2, 2, 3]);
  const folds: CardFold[] = [];
  for (let k = 0; k < count; k++) {
    const kind = random.pick(['across', 'across', 'down', 'corner'] as const);
    const tilt = random.uniform(-4, 4) * (Math.PI / 180);
    let from: Point;
    let to: Point;
    if (kind === 'across') {
      const y = heightMm * random.uniform(0.2, 0.8);
      const dy = Math.tan(tilt) * widthMm;
      from = { x: -1, y: y - dy / 2 };
      to = { x: widthMm + 1, y: y + dy / 2 };
    } else if (kind === 'down') {
      const x = widthMm * random.uniform(0.2, 0.8);
      const dx = Math.tan(tilt) * heightMm;
      from = { x: x - dx / 2, y: -1 };
      to = { x: x + dx / 2, y: heightMm + 1 };
    } else {
      const reach = Math.min(widthMm, heightMm) * random.uniform(0.2, 0.45);
      const corner = random.int(0, 4);
      const cx = corner === 1 || corner === 2 ? widthMm : 0;
      const cy = corner >= 2 ? heightMm : 0;
      from = { x: cx + (cx === 0 ? reach : -reach), y: cy + (cy === 0 ? -1 : 1) };
      to = { x: cx + (cx === 0 ? -1 : 1), y: cy + (cy === 0 ? reach : -reach) };
    }
    folds.push({
      from,
      to,
      crease: random.uniform(0.12, 0.3),
      creaseWidthMm: random.uniform(0.12, 0.3),
      highlight: random.uniform(0.03, 0.1),
      shade: random.uniform(0.05, 0.16),
      reachMm: random.uniform(0.8, 3),
    });
  }
  return folds;
}

/** How a fold changes the paper's brightness at signed distance `d` mm from its crease (a factor). */
export function foldFactor(fold: CardFold, d: number): number {
  const crease = fold.crease * Math.exp(-((d / fold.creaseWidthMm) ** 2));
  const face = d >= 0 ? -fold.shade * Math.exp(-d / fold.reachMm) : fold.highlight * Math.exp(d / fold.reachMm);
  return (1 - crease) * (1 + face);
}

/**
 * Paints the folds onto the card in the photo (RGBA, in place): every photo pixel inside the
 * card is brightened or darkened by its distance to each crease, measured on the card.
 */
export function paintFolds(
  photo: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  mmToPhoto: Homography,
  widthMm: number,
  heightMm: number,
  folds: readonly CardFold[],
): void {
  if (folds.length === 0) return;
  const corners = [
    { x: 0, y: 0 },
    { x: widthMm, y: 0 },
    { x: widthMm, y: heightMm },
    { x: 0, y: heightMm },
  ].map((p) => applyHomography(mmToPhoto, p));
  const photoToMm = invertHomography(mmToPhoto);
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.x))));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(...corners.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y))));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...corners.map((p) => p.y))));
  const lines = folds.map((f) => {
    const length = Math.hypot(f.to.x - f.from.x, f.to.y - f.from.y);
    return { fold: f, nx: -(f.to.y - f.from.y) / length, ny: (f.to.x - f.from.x) / length };
  });
  const [a, b, c, d, e, f, g, h, i] = photoToMm;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const w = g * x + h * y + i;
      const mx = (a * x + b * y + c) / w;
      const my = (d * x + e * y + f) / w;
      if (mx < 0 || my < 0 || mx > widthMm || my > heightMm) continue;
      let factor = 1;
      for (const { fold, nx, ny } of lines) factor *= foldFactor(fold, (mx - fold.from.x) * nx + (my - fold.from.y) * ny);
      if (factor === 1) continue;
      const p = (y * width + x) * 4;
      for (let k = 0; k < 3; k++) photo[p + k] = Math.min(255, photo[p + k] * factor);
    }
  }
}
