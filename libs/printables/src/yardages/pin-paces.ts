/**
 * Pin positions as a hole-location sheet writes them: paces on from the front edge of the green
 * (along the approach) and paces from the nearer side edge at that depth. One pace is taken as
 * one yard, as on printed pin sheets.
 */
import type { GreenOutline } from '../compile/green-framing';
import { metersToYards } from '@caddie/geometry';

export interface PinPaces {
  on: number;
  fromSide: number;
  side: 'left' | 'right';
}

/**
 * `point` in page-oriented metres around the green centre (x right, y down; approach from the
 * bottom). `frontY`: where paces on start, the front edge on the approach line (the book's front);
 * the bottom of the green's extent when not given.
 */
export function pinPaces(outline: GreenOutline, point: [number, number], frontY = outline.extent.bottom): PinPaces | null {
  const front = frontY;
  const crossings: number[] = [];
  for (const ring of outline.rings) {
    for (let i = 1; i < ring.length; i++) {
      const [x1, y1] = ring[i - 1];
      const [x2, y2] = ring[i];
      if ((y1 <= point[1] && y2 > point[1]) || (y2 <= point[1] && y1 > point[1])) crossings.push(x1 + ((point[1] - y1) / (y2 - y1)) * (x2 - x1));
    }
  }
  if (crossings.length < 2) return null;
  const left = Math.min(...crossings);
  const right = Math.max(...crossings);
  if (point[0] < left || point[0] > right) return null;
  const fromLeft = point[0] - left;
  const fromRight = right - point[0];
  return {
    on: Math.round(metersToYards(front - point[1])),
    fromSide: Math.round(metersToYards(Math.min(fromLeft, fromRight))),
    side: fromLeft <= fromRight ? 'left' : 'right',
  };
}
