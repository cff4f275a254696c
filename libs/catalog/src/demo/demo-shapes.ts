import type { Meters2 } from '@caddie/geometry';
import { add, distance, heading, leftOf, scale, signedArea, sub } from './planar';
import type { SeededRandom } from './seeded-random';

/** Closed ring: first vertex repeated at the end (GeoJSON convention). */
export function closeRing(ring: readonly Meters2[]): Meters2[] {
  return [...ring, ring[0]];
}

/** Counter-clockwise rectangle, `length` along the bearing and `width` across, closed. */
export function rectangleRing(center: Meters2, bearing: number, length: number, width: number): Meters2[] {
  const along = heading(bearing);
  const across = leftOf(along);
  const corner = (a: number, b: number): Meters2 => add(center, add(scale(along, a), scale(across, b)));
  return closeRing([corner(-length / 2, width / 2), corner(-length / 2, -width / 2), corner(length / 2, -width / 2), corner(length / 2, width / 2)]);
}

export interface OvalOptions {
  center: Meters2;
  /** bearing of the `depth` axis */
  bearing: number;
  depth: number;
  width: number;
  /** relative amplitude of the lobes, e.g. 0.06 */
  irregularity: number;
  vertices?: number;
  /** rescale to exactly this area, m² */
  area?: number;
}

/**
 * An ellipse with a few smooth lobes. The radius stays positive along every ray from the
 * centre, so the ring is star-shaped around it and can never self-intersect.
 */
export function irregularOval(options: OvalOptions, random: SeededRandom): Meters2[] {
  return lobedRing(options, random, () => 1);
}

/** Outlines a green is mowed to: a plain or long oval, a kidney with a bite out of one side, a pear. */
export type GreenOutlineStyle = 'oval' | 'long' | 'kidney' | 'pear';

/**
 * A green's outline in one of the classic shapes, built like irregularOval (star-shaped
 * around the centre, rescaled to the exact area). Angles are measured from the `depth` axis.
 */
export function greenOutline(options: Omit<OvalOptions, 'irregularity' | 'vertices'>, style: GreenOutlineStyle, random: SeededRandom): Meters2[] {
  const irregularity = random.range(0.04, 0.09);
  let shape: (t: number) => number = () => 1;
  if (style === 'kidney') {
    // The bite is on one side (or the back), deep enough to leave a hollow in the outline.
    const at = random.pick([Math.PI / 2, -Math.PI / 2, 0]) + random.range(-0.3, 0.3);
    const bite = random.range(0.36, 0.46);
    shape = (t) => 1 - bite * Math.exp(-((angleBetween(t, at) / 0.5) ** 2));
  } else if (style === 'pear') {
    const taper = random.pick([1, 1, -1]) * random.range(0.12, 0.22);
    shape = (t) => 1 + taper * Math.cos(t);
  }
  return lobedRing({ ...options, irregularity, vertices: 64 }, random, shape);
}

function angleBetween(a: number, b: number): number {
  const d = (((a - b) % (Math.PI * 2)) + Math.PI * 3) % (Math.PI * 2);
  return d - Math.PI;
}

/**
 * An ellipse whose radius along each ray is scaled by smooth lobes and `shape(t)` (both kept
 * positive), so the ring stays star-shaped around its centre and can never self-intersect.
 */
function lobedRing(options: OvalOptions, random: SeededRandom, shape: (t: number) => number): Meters2[] {
  const count = options.vertices ?? 48;
  const along = heading(options.bearing);
  const across = leftOf(along);
  const lobes = [2, 3, 4].map((k) => ({
    k,
    amplitude: random.range(0.3, 1) * options.irregularity,
    phase: random.range(0, Math.PI * 2),
  }));
  const raw: Meters2[] = [];
  for (let i = 0; i < count; i++) {
    const t = (i / count) * Math.PI * 2;
    let factor = shape(t);
    for (const lobe of lobes) factor += lobe.amplitude * Math.cos(lobe.k * t + lobe.phase);
    const a = (Math.cos(t) * options.depth * factor) / 2;
    const b = (Math.sin(t) * options.width * factor) / 2;
    raw.push([along[0] * a + across[0] * b, along[1] * a + across[1] * b]);
  }
  const k = options.area ? Math.sqrt(options.area / Math.abs(signedArea(raw))) : 1;
  return closeRing(raw.map((p) => add(options.center, scale(p, k))));
}

/** A sample of a smoothed play line: position, unit tangent and distance from its start. */
export interface PathSample {
  point: Meters2;
  tangent: Meters2;
  along: number;
}

/**
 * Replaces each corner of a play line by a smooth curve, so shapes offset from it (fairway
 * edges) stay free of loops on the inside of a dogleg. Each curve uses at most 45% of the
 * legs beside it, so two corners never eat into each other's curves.
 */
export function filletedPath(line: readonly Meters2[], radius: number, spacing: number): PathSample[] {
  const points: Meters2[] = [line[0]];
  for (let i = 1; i + 1 < line.length; i++) {
    const [a, corner, b] = [line[i - 1], line[i], line[i + 1]];
    const inDir = scale(sub(corner, a), 1 / distance(a, corner));
    const outDir = scale(sub(b, corner), 1 / distance(corner, b));
    const turn = Math.acos(Math.max(-1, Math.min(1, inDir[0] * outDir[0] + inDir[1] * outDir[1])));
    if (turn <= 1e-3) {
      points.push(corner);
      continue;
    }
    const tangent = Math.min(radius * Math.tan(turn / 2), 0.45 * Math.min(distance(a, corner), distance(corner, b)));
    const start = sub(corner, scale(inDir, tangent));
    const end = add(corner, scale(outDir, tangent));
    // Quadratic Bézier through the corner: tangent to both legs and smooth enough here.
    for (let k = 0; k <= 16; k++) {
      const t = k / 16;
      points.push(add(add(scale(start, (1 - t) * (1 - t)), scale(corner, 2 * t * (1 - t))), scale(end, t * t)));
    }
  }
  points.push(line[line.length - 1]);
  return sampledPath(points, spacing);
}

/** Evenly spaced samples along an open line (corners kept as they are). */
export function sampledPath(points: readonly Meters2[], spacing: number): PathSample[] {
  const samples: PathSample[] = [];
  let walked = 0;
  let nextAt = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const segment = distance(a, b);
    if (segment === 0) continue;
    const tangent = scale(sub(b, a), 1 / segment);
    while (nextAt <= walked + segment + 1e-9) {
      samples.push({ point: add(a, scale(tangent, nextAt - walked)), tangent, along: nextAt });
      nextAt += spacing;
    }
    walked += segment;
  }
  const last = points[points.length - 1];
  if (distance(samples[samples.length - 1].point, last) > 1e-6) {
    samples.push({ point: last, tangent: samples[samples.length - 1].tangent, along: walked });
  }
  return samples;
}

/**
 * A ribbon around part of a path, `halfWidth(along)` to its left and `rightHalfWidth(along)`
 * (the same unless given) to its right, with rounded caps at both ends (fairways, creeks).
 */
export function ribbonRing(
  path: readonly PathSample[],
  from: number,
  to: number,
  halfWidth: (along: number) => number,
  rightHalfWidth: (along: number) => number = halfWidth,
): Meters2[] {
  const inside = path.filter((s) => s.along >= from && s.along <= to);
  const left: Meters2[] = inside.map((s) => add(s.point, scale(leftOf(s.tangent), halfWidth(s.along))));
  const right: Meters2[] = inside.map((s) => sub(s.point, scale(leftOf(s.tangent), rightHalfWidth(s.along))));
  const cap = (s: PathSample, forward: boolean): Meters2[] => {
    const l = halfWidth(s.along);
    const r = rightHalfWidth(s.along);
    // A half-round end spanning the full width, centred between the two edges.
    const radius = (l + r) / 2;
    const middle = add(s.point, scale(leftOf(s.tangent), (l - r) / 2));
    const normal = leftOf(s.tangent);
    const out = forward ? s.tangent : scale(s.tangent, -1);
    const points: Meters2[] = [];
    for (let i = 1; i < 8; i++) {
      const t = (i / 8) * Math.PI;
      const side = forward ? -Math.cos(t) : Math.cos(t);
      points.push(add(middle, add(scale(normal, side * radius), scale(out, Math.sin(t) * radius))));
    }
    return points;
  };
  const first = inside[0];
  const last = inside[inside.length - 1];
  // Counter-clockwise: down the right side, round the far cap, back up the left side.
  const ring = [...right, ...cap(last, true), ...left.reverse(), ...cap(first, false)];
  return closeRing(ring);
}

/** Smooth 1-D noise from a few sines with seeded phases, in [-1, 1]. */
export function smoothNoise(random: SeededRandom, wavelengths: readonly number[]): (x: number) => number {
  const terms = wavelengths.map((w) => ({ w, phase: random.range(0, Math.PI * 2) }));
  return (x) => terms.reduce((sum, t) => sum + Math.sin((x / t.w) * Math.PI * 2 + t.phase), 0) / terms.length;
}

/** Chaikin corner cutting: a smooth open line through the same general course. */
export function chaikin(line: readonly Meters2[], iterations: number): Meters2[] {
  let current = [...line];
  for (let n = 0; n < iterations; n++) {
    const next: Meters2[] = [current[0]];
    for (let i = 0; i + 1 < current.length; i++) {
      const a = current[i];
      const b = current[i + 1];
      next.push([a[0] * 0.75 + b[0] * 0.25, a[1] * 0.75 + b[1] * 0.25]);
      next.push([a[0] * 0.25 + b[0] * 0.75, a[1] * 0.25 + b[1] * 0.75]);
    }
    next.push(current[current.length - 1]);
    current = next;
  }
  return current;
}

/**
 * A superellipse `length` along the bearing and `width` across, closed and counter-clockwise:
 * squareness 2 is an oval, 4..8 a box with ever tighter rounded corners (tee boxes as mowed).
 */
export function roundedBoxRing(center: Meters2, bearing: number, length: number, width: number, squareness: number, vertices = 32): Meters2[] {
  const along = heading(bearing);
  const across = leftOf(along);
  const ring: Meters2[] = [];
  for (let i = 0; i < vertices; i++) {
    const t = (i / vertices) * Math.PI * 2;
    const c = Math.cos(t);
    const s = Math.sin(t);
    const a = (Math.sign(c) * Math.abs(c) ** (2 / squareness) * length) / 2;
    const b = (Math.sign(s) * Math.abs(s) ** (2 / squareness) * width) / 2;
    ring.push(add(center, add(scale(along, a), scale(across, b))));
  }
  return closeRing(ring);
}
