/**
 * Greedy placement of number labels on artwork: each label tries its candidate positions in
 * order and takes the first whose box stays inside the frame and overlaps no box already taken
 * (placed labels and marks reserved beforehand). A label with no free candidate is not drawn;
 * the caller says how many were left out.
 */

/** An axis-aligned box in page points. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const boxesOverlap = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

export const boxInside = (inner: Box, outer: Box): boolean => inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;

export class LabelPlacer {
  private readonly taken: Box[] = [];

  constructor(private readonly frame: Box) {}

  /** Keeps `box` free of labels (a mark, a tee, a scale note). */
  reserve(box: Box): void {
    this.taken.push(box);
  }

  /** The first candidate (top-left corners) where a `width` x `height` box fits, taken; null when none does. */
  place(width: number, height: number, candidates: Iterable<[number, number]>): Box | null {
    for (const [x, y] of candidates) {
      const box = { x0: x, y0: y, x1: x + width, y1: y + height };
      if (!boxInside(box, this.frame) || this.taken.some((t) => boxesOverlap(t, box))) continue;
      this.taken.push(box);
      return box;
    }
    return null;
  }
}

/**
 * Top-left corners for a label beside `target` (a box in page points), first on the `prefer`
 * side, vertically centred, then stepping up and down and further out; then the other side,
 * then above and below.
 */
export function* besideCandidates(target: Box, width: number, height: number, prefer: 'left' | 'right', gap: number): Generator<[number, number]> {
  const cy = (target.y0 + target.y1) / 2 - height / 2;
  const sides: ('left' | 'right')[] = prefer === 'left' ? ['left', 'right'] : ['right', 'left'];
  for (const side of sides) {
    for (let out = 0; out < 4; out++) {
      const x = side === 'left' ? target.x0 - gap - width - out * height * 1.5 : target.x1 + gap + out * height * 1.5;
      for (let step = 0; step < 7; step++) {
        const dy = step === 0 ? 0 : Math.ceil(step / 2) * height * 0.75 * (step % 2 ? -1 : 1);
        yield [x, cy + dy];
      }
    }
  }
  const cx = (target.x0 + target.x1) / 2 - width / 2;
  for (let out = 0; out < 3; out++) {
    yield [cx, target.y0 - gap - height - out * height];
    yield [cx, target.y1 + gap + out * height];
  }
}
