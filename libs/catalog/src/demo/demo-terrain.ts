import type { Meters2 } from '@caddie/geometry';
import type { DemoCoursePlan } from './demo-course-plan';
import { greenMask, makeGreenRelief, type GreenRelief } from './green-relief';
import type { HoleLayout } from './hole-layout';
import { distance, distanceToPolyline, heading, smoothstep } from './planar';
import type { SeededRandom } from './seeded-random';
import type { WaterLayout } from './water-layout';

// Bound once: a global `Math` lookup per call is slow inside vm sandboxes (Jest), and these run per grid cell.
const { PI, floor, max, min, sin } = Math;

interface Wave {
  /** radians per metre east and north */
  kx: number;
  ky: number;
  amplitude: number;
  phase: number;
}

/** A local shaping term with the reach beyond which it has no effect. */
interface Shaper {
  center: Meters2;
  reach: number;
  apply(p: Meters2, height: number): number;
}

/** Cells of the spatial index that finds the few shapers near a point. */
const INDEX_CELL_METERS = 100;

/**
 * Height model of a demo course: rolling ground from a few long waves, with greens built up
 * and shaped, tees levelled, bunkers (cut into the green surrounds) and water sunk. One function feeds both the coarse
 * ground grid and the fine putting-surface grids, so they agree where they overlap.
 */
export class DemoTerrain {
  private readonly waves: Wave[];
  private readonly index = new Map<number, Shaper[]>();
  readonly greens = new Map<number, GreenRelief>();

  constructor(
    private readonly plan: DemoCoursePlan,
    holes: readonly HoleLayout[],
    water: readonly WaterLayout[],
    random: SeededRandom,
  ) {
    const shares = [0.34, 0.24, 0.17, 0.12, 0.08];
    const wavelengths = [950, 560, 340, 220, 150];
    this.waves = shares.map((share, i) => {
      const direction = heading(random.range(0, 360));
      const k = (PI * 2) / (wavelengths[i] * random.range(0.85, 1.15));
      return {
        kx: direction[0] * k,
        ky: direction[1] * k,
        amplitude: plan.reliefMeters * share,
        phase: random.range(0, PI * 2),
      };
    });
    for (const w of water) this.addWater(w);
    for (const hole of holes) {
      const relief = makeGreenRelief(hole.green, random);
      this.greens.set(hole.routed.plan.number, relief);
      const base = this.ground(hole.green.center);
      this.addShaper({
        center: hole.green.center,
        reach: max(relief.a, relief.b) * (1.12 + relief.blend / ((relief.a + relief.b) / 2)) + 1,
        apply: (p, h) => {
          const m = greenMask(relief, p);
          return m === 0 ? h : h * (1 - m) + (base + relief.surface(p)) * m;
        },
      });
      for (const bunker of hole.bunkers) {
        const radius = max(...bunker.ring.map((p) => distance(p, bunker.center)));
        this.addShaper({
          center: bunker.center,
          reach: radius + 2,
          apply: (p, h) => h - 0.6 * smoothstep(radius + 1.5, radius * 0.5, distance(p, bunker.center)),
        });
      }
      for (const tee of hole.tees) {
        const level = this.ground(tee.center) + 0.4;
        // Level the whole box (they differ in size), then blend over 5 m.
        const flat = max(...tee.ring.map((q) => distance(q, tee.center))) + 1;
        this.addShaper({
          center: tee.center,
          reach: flat + 6,
          apply: (p, h) => {
            const t = smoothstep(flat + 5, flat, distance(p, tee.center));
            return h * (1 - t) + level * t;
          },
        });
      }
    }
  }

  /** Rolling ground before any shaping. */
  ground(p: Meters2): number {
    let h = this.plan.baseElevationMeters;
    for (let i = 0; i < this.waves.length; i++) {
      const w = this.waves[i];
      h += w.amplitude * sin(p[0] * w.kx + p[1] * w.ky + w.phase);
    }
    return h;
  }

  heightAt(p: Meters2): number {
    let h = this.ground(p);
    const cell = this.index.get(this.cellKey(floor(p[0] / INDEX_CELL_METERS), floor(p[1] / INDEX_CELL_METERS)));
    if (cell) {
      for (let i = 0; i < cell.length; i++) {
        const shaper = cell[i];
        const dx = p[0] - shaper.center[0];
        const dy = p[1] - shaper.center[1];
        if (dx * dx + dy * dy <= shaper.reach * shaper.reach) h = shaper.apply(p, h);
      }
    }
    return h;
  }

  private addWater(w: WaterLayout): void {
    if (w.line) {
      const line = w.line;
      const half = w.halfWidth;
      for (let i = 0; i < line.length; i += 6) {
        const level = this.ground(line[i]) - 1.2;
        this.addShaper({
          center: line[i],
          reach: 40,
          apply: (p, h) => {
            const d = distanceToPolyline(p, line.slice(max(0, i - 6), i + 7));
            const t = smoothstep(half + 6, half * 0.5, d);
            return min(h, h * (1 - t) + level * t);
          },
        });
      }
      return;
    }
    const center = w.center as Meters2;
    const level = this.ground(center) - 1.5;
    const reach = w.radius * 1.6;
    this.addShaper({
      center,
      reach,
      apply: (p, h) => {
        const t = smoothstep(reach, w.radius * 0.9, distance(p, center));
        return h * (1 - t) + level * t;
      },
    });
  }

  private addShaper(shaper: Shaper): void {
    const r = shaper.reach;
    const [x, y] = shaper.center;
    for (let cx = floor((x - r) / INDEX_CELL_METERS); cx <= floor((x + r) / INDEX_CELL_METERS); cx++) {
      for (let cy = floor((y - r) / INDEX_CELL_METERS); cy <= floor((y + r) / INDEX_CELL_METERS); cy++) {
        const key = this.cellKey(cx, cy);
        const list = this.index.get(key);
        if (list) list.push(shaper);
        else this.index.set(key, [shaper]);
      }
    }
  }

  /** Courses span a few km, so cell indices stay far inside +-50 000. */
  private cellKey(cx: number, cy: number): number {
    return (cx + 50_000) * 100_000 + (cy + 50_000);
  }
}
