import type { SKRSContext2D } from '@napi-rs/canvas';
import type { SeededRandom } from './seeded-random';

const SURFACES = [
  { base: [120, 84, 52], grain: [92, 62, 38] }, // wooden table
  { base: [58, 96, 52], grain: [46, 80, 40] }, // grass
  { base: [48, 50, 56], grain: [36, 38, 42] }, // dark desk
  { base: [186, 180, 168], grain: [160, 154, 142] }, // light fabric
  { base: [140, 120, 96], grain: [120, 100, 80] }, // cart seat
] as const;

const rgb = (c: readonly number[], alpha = 1) => `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${alpha})`;

/**
 * What the card lies on: a textured surface with clutter (pens, tees, coins, papers with
 * printed grids and text, random blocky patterns that look a little like markers).
 */
export function paintBackdrop(ctx: SKRSContext2D, width: number, height: number, random: SeededRandom, clutter: number): void {
  const surface = random.pick(SURFACES);
  ctx.fillStyle = rgb(surface.base);
  ctx.fillRect(0, 0, width, height);
  // Grain: long wavy strokes across the surface.
  const angle = random.uniform(0, Math.PI);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate(angle);
  const reach = Math.hypot(width, height);
  for (let i = 0; i < 90; i++) {
    const y = random.uniform(-reach / 2, reach / 2);
    ctx.strokeStyle = rgb(surface.grain, random.uniform(0.15, 0.5));
    ctx.lineWidth = random.uniform(1, 0.01 * reach);
    ctx.beginPath();
    ctx.moveTo(-reach / 2, y);
    ctx.bezierCurveTo(
      -reach / 6,
      y + random.gaussian(0.01 * reach),
      reach / 6,
      y + random.gaussian(0.01 * reach),
      reach / 2,
      y + random.gaussian(0.01 * reach),
    );
    ctx.stroke();
  }
  ctx.restore();

  const items = Math.round(clutter * random.int(4, 14));
  const size = Math.min(width, height);
  for (let i = 0; i < items; i++) {
    const x = random.uniform(0, width);
    const y = random.uniform(0, height);
    const colour = [random.int(0, 256), random.int(0, 256), random.int(0, 256)];
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(random.uniform(0, 2 * Math.PI));
    switch (random.int(0, 5)) {
      case 0: // pen or pencil
        ctx.fillStyle = rgb(colour);
        ctx.fillRect(-0.2 * size, -0.008 * size, random.uniform(0.2, 0.4) * size, random.uniform(0.01, 0.02) * size);
        break;
      case 1: // coin, ball marker or tee head
        ctx.fillStyle = rgb(colour);
        ctx.beginPath();
        ctx.arc(0, 0, random.uniform(0.01, 0.05) * size, 0, 2 * Math.PI);
        ctx.fill();
        break;
      case 2: // a printed paper with text lines
        paintPaperScrap(ctx, random, size);
        break;
      case 3: // a blocky pattern (packaging print) that resembles a fiducial without being one
        paintBlockPattern(ctx, random, size);
        break;
      default: // translucent blob (a cup ring, a stain)
        ctx.strokeStyle = rgb(colour, 0.4);
        ctx.lineWidth = random.uniform(2, 0.01 * size);
        ctx.beginPath();
        ctx.ellipse(0, 0, random.uniform(0.02, 0.08) * size, random.uniform(0.02, 0.08) * size, 0, 0, 2 * Math.PI);
        ctx.stroke();
    }
    ctx.restore();
  }
}

function paintPaperScrap(ctx: SKRSContext2D, random: SeededRandom, size: number): void {
  const w = random.uniform(0.1, 0.3) * size;
  const h = random.uniform(0.08, 0.25) * size;
  ctx.fillStyle = rgb([random.int(210, 250), random.int(210, 250), random.int(200, 245)]);
  ctx.fillRect(-w / 2, -h / 2, w, h);
  ctx.fillStyle = rgb([40, 40, 40], 0.8);
  for (let y = -h / 2 + 0.08 * h; y < h / 2 - 0.05 * h; y += 0.07 * h) {
    ctx.fillRect(-w / 2 + 0.06 * w, y, random.uniform(0.3, 0.88) * w, 0.025 * h);
  }
}

function paintBlockPattern(ctx: SKRSContext2D, random: SeededRandom, size: number): void {
  const cells = random.int(4, 9);
  const cell = random.uniform(0.004, 0.012) * size;
  ctx.fillStyle = '#f4f4f0';
  ctx.fillRect(-cell, -cell, (cells + 2) * cell, (cells + 2) * cell);
  ctx.fillStyle = '#111';
  for (let r = 0; r < cells; r++) for (let c = 0; c < cells; c++) if (random.chance(0.5)) ctx.fillRect(c * cell, r * cell, cell, cell);
}
