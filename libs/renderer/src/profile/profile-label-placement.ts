import type { ProfileBox } from './profile-sizing';

const overlaps = (a: ProfileBox, b: ProfileBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Greedy label placement: labels are offered in priority order; each takes the first candidate
 * box (kept inside the bounds) that overlaps no placed label and no reserved area, else is dropped.
 */
export class LabelPlacement {
  private readonly placed: ProfileBox[] = [];
  private readonly reserved: ProfileBox[] = [];

  constructor(private readonly bounds: ProfileBox) {}

  /** Areas labels must avoid (markers, the flag), without counting as labels. */
  reserve(box: ProfileBox): void {
    this.reserved.push(box);
  }

  /** The accepted box, or null when every candidate collides or leaves the bounds vertically. */
  place(candidates: readonly ProfileBox[]): ProfileBox | null {
    for (const candidate of candidates) {
      const box = this.clampHorizontally(candidate);
      if (box.y < this.bounds.y || box.y + box.height > this.bounds.y + this.bounds.height) continue;
      if (this.placed.some((other) => overlaps(box, other)) || this.reserved.some((other) => overlaps(box, other))) continue;
      this.placed.push(box);
      return box;
    }
    return null;
  }

  get boxes(): readonly ProfileBox[] {
    return this.placed;
  }

  private clampHorizontally(box: ProfileBox): ProfileBox {
    const maxX = this.bounds.x + this.bounds.width - box.width;
    return { ...box, x: Math.max(this.bounds.x, Math.min(maxX, box.x)) };
  }
}
