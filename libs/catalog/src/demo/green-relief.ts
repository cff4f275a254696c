import type { Meters2 } from '@caddie/geometry';
import type { GreenLayout } from './green-layout';
import { heading, leftOf, smoothstep } from './planar';
import type { SeededRandom } from './seeded-random';

// Bound once: a global `Math` lookup per call is slow inside vm sandboxes (Jest), and these run per grid cell.
const { PI, cos, exp, hypot, sin, tanh } = Math;

/**
 * The shaped surface of one green relative to its centre height: a back-to-front tilt,
 * a tier, a false front, a subtle ridge and a shallow swale. Heights in metres.
 */
export interface GreenRelief {
  center: Meters2;
  /** semi-axes along and across the approach */
  a: number;
  b: number;
  along: Meters2;
  across: Meters2;
  /** how far out (metres beyond the edge) the shaping blends into the ground */
  blend: number;
  surface(p: Meters2): number;
}

export function makeGreenRelief(green: GreenLayout, random: SeededRandom): GreenRelief {
  const along = heading(green.bearing);
  const across = leftOf(along);
  // Semi-axes of an ellipse that holds the whole outline (kidneys and angled greens poke out
  // of the ellipse of their extents), so the shaping never stops inside the putting surface.
  const fit = Math.max(
    1,
    ...green.ring.map((p) => {
      const d: Meters2 = [p[0] - green.center[0], p[1] - green.center[1]];
      return Math.hypot((d[0] * along[0] + d[1] * along[1]) / (green.depth / 2), (d[0] * across[0] + d[1] * across[1]) / (green.width / 2));
    }),
  );
  const a = (green.depth / 2) * fit;
  const b = (green.width / 2) * fit;
  const tilt = random.range(0.012, 0.022);
  const sideTilt = random.range(-0.008, 0.008);
  const tierHeight = random.range(0.3, 0.55);
  const tierAt = random.range(-0.25, 0.3) * a;
  const tierAngle = (random.range(-25, 25) * PI) / 180;
  const tierWidth = random.range(0.9, 1.5);
  const falseFrontHeight = random.range(0.3, 0.45);
  const falseFrontLength = random.range(3, 4.5);
  const ridgeHeight = random.range(0.08, 0.15);
  const ridgeAngle = random.range(0, PI);
  const ridgeOffset = random.range(-0.4, 0.4) * b;
  const ridgeSigma = random.range(2, 3.5);
  const swaleDepth = random.range(0.06, 0.12);
  const swaleAt: Meters2 = [random.range(-0.5, 0.5) * a, random.range(-0.5, 0.5) * b];
  const swaleSigma = random.range(2.5, 4);
  const pad = random.range(0.35, 0.7);

  const surface = (p: Meters2): number => {
    const dx = p[0] - green.center[0];
    const dy = p[1] - green.center[1];
    const u = dx * along[0] + dy * along[1];
    const v = dx * across[0] + dy * across[1];
    const tierCoordinate = u * cos(tierAngle) + v * sin(tierAngle);
    const tier = tierHeight * 0.5 * (1 + tanh((tierCoordinate - tierAt) / tierWidth));
    const falseFront = -falseFrontHeight * (1 - smoothstep(-a, -a + falseFrontLength, u));
    const ridgeDistance = -sin(ridgeAngle) * u + cos(ridgeAngle) * v - ridgeOffset;
    const ridge = ridgeHeight * exp(-((ridgeDistance / ridgeSigma) ** 2));
    const swale = -swaleDepth * exp(-(((u - swaleAt[0]) ** 2 + (v - swaleAt[1]) ** 2) / swaleSigma ** 2));
    return pad + tilt * u + sideTilt * v + tier + falseFront + ridge + swale;
  };
  return { center: green.center, a, b, along, across, blend: 12, surface };
}

/** 1 on the green and its collar, falling smoothly to 0 `blend` metres beyond the edge. */
export function greenMask(relief: GreenRelief, p: Meters2): number {
  const dx = p[0] - relief.center[0];
  const dy = p[1] - relief.center[1];
  const u = dx * relief.along[0] + dy * relief.along[1];
  const v = dx * relief.across[0] + dy * relief.across[1];
  const rho = hypot(u / relief.a, v / relief.b);
  const meanRadius = (relief.a + relief.b) / 2;
  // The edge of an irregular oval wanders about 10 % around rho = 1.
  return 1 - smoothstep(1.12, 1.12 + relief.blend / meanRadius, rho);
}
