import type { Point } from '@caddie/fiducials';
import type { SeededRandom } from './seeded-random';

const { cos, sin, PI, min, max } = Math;
const RAD = PI / 180;

/** How a printed card is seen: tilt of the camera off the paper's normal, about an axis in the paper plane. */
export interface CardPose {
  tiltDegrees: number;
  /** Direction of the tilt axis on the paper, degrees. */
  tiltAxisDegrees: number;
  /** In-image rotation, any angle. */
  rollDegrees: number;
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function randomPose(random: SeededRandom, maxTiltDegrees: number): CardPose {
  return {
    tiltDegrees: random.uniform(0, maxTiltDegrees),
    tiltAxisDegrees: random.uniform(0, 360),
    rollDegrees: random.uniform(0, 360),
  };
}

/**
 * Corners (top-left, top-right, bottom-right, bottom-left of the paper) of a card seen by a
 * pinhole camera with a normal phone field of view, fitted into `region` at `fill` of the
 * region's size and shifted by `offset` (-1..1) within the slack left over.
 */
export function placeCard(widthMm: number, heightMm: number, pose: CardPose, region: Region, fill: number, offset: Point): [Point, Point, Point, Point] {
  const diagonal = Math.hypot(widthMm, heightMm);
  const focal = 1.3 * diagonal;
  const a = pose.tiltAxisDegrees * RAD;
  const t = pose.tiltDegrees * RAD;
  const r = pose.rollDegrees * RAD;
  const projected = [
    [-widthMm / 2, -heightMm / 2],
    [widthMm / 2, -heightMm / 2],
    [widthMm / 2, heightMm / 2],
    [-widthMm / 2, heightMm / 2],
  ].map(([x, y]) => {
    // Rotate the tilt axis onto x, tilt about x, rotate back: a tilt in any direction.
    const x1 = x * cos(-a) - y * sin(-a);
    const y1 = x * sin(-a) + y * cos(-a);
    const y2 = y1 * cos(t);
    const z2 = y1 * sin(t);
    const x3 = x1 * cos(a) - y2 * sin(a);
    const y3 = x1 * sin(a) + y2 * cos(a);
    const u = (focal * x3) / (focal + z2);
    const v = (focal * y3) / (focal + z2);
    return { x: u * cos(r) - v * sin(r), y: u * sin(r) + v * cos(r) };
  });
  const minX = min(...projected.map((p) => p.x));
  const maxX = max(...projected.map((p) => p.x));
  const minY = min(...projected.map((p) => p.y));
  const maxY = max(...projected.map((p) => p.y));
  const scale = fill * min(region.width / (maxX - minX), region.height / (maxY - minY));
  const slackX = region.width - scale * (maxX - minX);
  const slackY = region.height - scale * (maxY - minY);
  const left = region.x + slackX * (0.5 + 0.5 * offset.x);
  const top = region.y + slackY * (0.5 + 0.5 * offset.y);
  return projected.map((p) => ({ x: left + (p.x - minX) * scale, y: top + (p.y - minY) * scale })) as [Point, Point, Point, Point];
}
