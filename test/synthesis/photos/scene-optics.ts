import sharp from 'sharp';
import { loadOpenCv, withCvScope } from '@caddie/fiducials';
import type { SeededRandom } from './seeded-random';

// Module-level aliases: these loops run over every pixel of a 12 MP photo.
const { exp, round, sqrt, log, cos, PI, imul, min, max } = Math;

export interface LightingSettings {
  /** Brightness gain at the photo centre and its linear gradient per photo width. */
  gain: number;
  gradientX: number;
  gradientY: number;
  /** Darkening toward the corners, 0 (none) to about 0.4. */
  vignette: number;
  /** Per-channel white balance multipliers. */
  tint: [number, number, number];
  glare: { x: number; y: number; radius: number; strength: number }[];
}

export function randomLighting(random: SeededRandom, width: number, height: number, strength: number): LightingSettings {
  const glareCount = strength > 0 ? random.pick([0, 0, 1, 1, 2]) : 0;
  const warm = random.uniform(-0.08, 0.08) * strength;
  return {
    gain: 1 + random.uniform(-0.15, 0.1) * strength,
    gradientX: random.uniform(-0.35, 0.35) * strength,
    gradientY: random.uniform(-0.35, 0.35) * strength,
    vignette: random.uniform(0, 0.35) * strength,
    tint: [1 + warm, 1, 1 - warm],
    glare: Array.from({ length: glareCount }, () => ({
      x: random.uniform(0, width),
      y: random.uniform(0, height),
      radius: random.uniform(0.03, 0.1) * Math.max(width, height),
      // Capped below wash-out: the spec asks users to keep glare off the marker blacks.
      strength: random.uniform(0.2, 0.55),
    })),
  };
}

/** Uneven illumination (gradient, vignette, tint) and specular glare spots, in place on RGBA. */
export function applyLighting(data: Uint8ClampedArray | Uint8Array, width: number, height: number, light: LightingSettings): void {
  const cx = width / 2;
  const cy = height / 2;
  const diag2 = cx * cx + cy * cy;
  const rowGain = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    const dy = y - cy;
    for (let x = 0; x < width; x++) {
      const dx = x - cx;
      const g = light.gain * (1 + (light.gradientX * dx) / width + (light.gradientY * dy) / height) * (1 - (light.vignette * (dx * dx + dy * dy)) / diag2);
      rowGain[x] = g < 0.2 ? 0.2 : g;
    }
    let i = y * width * 4;
    for (let x = 0; x < width; x++, i += 4) {
      const g = rowGain[x];
      let r = data[i] * g * light.tint[0];
      let gr = data[i + 1] * g * light.tint[1];
      let b = data[i + 2] * g * light.tint[2];
      for (const spot of light.glare) {
        const ex = x - spot.x;
        const ey = y - spot.y;
        const d2 = ex * ex + ey * ey;
        const reach = 9 * spot.radius * spot.radius;
        if (d2 > reach) continue;
        const w = spot.strength * exp(-d2 / (2 * spot.radius * spot.radius));
        r += (255 - r) * w;
        gr += (255 - gr) * w;
        b += (255 - b) * w;
      }
      data[i] = r > 255 ? 255 : round(r);
      data[i + 1] = gr > 255 ? 255 : round(gr);
      data[i + 2] = b > 255 ? 255 : round(b);
    }
  }
}

/** Gaussian lens/motion softness on RGBA, in place. */
export async function applyBlur(data: Uint8ClampedArray | Uint8Array, width: number, height: number, sigma: number): Promise<void> {
  if (sigma <= 0) return;
  const cv = await loadOpenCv();
  withCvScope((keep) => {
    const mat = keep(new cv.Mat(height, width, (cv as unknown as { CV_8UC4: number }).CV_8UC4));
    mat.data.set(data);
    const out = keep(new cv.Mat());
    cv.GaussianBlur(mat, out, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REPLICATE);
    data.set(out.data);
  });
}

/** Per-channel Gaussian sensor noise, in place; a table of draws keeps megapixel noise fast. */
export function applyNoise(data: Uint8ClampedArray | Uint8Array, sigma: number, seed: number): void {
  if (sigma <= 0) return;
  let state = seed >>> 0 || 1;
  const nextUnit = () => ((state = (imul(state, 1664525) + 1013904223) >>> 0) + 0.5) / 4294967296;
  const table = new Float32Array(1 << 14);
  for (let i = 0; i < table.length; i++) table[i] = sqrt(-2 * log(nextUnit())) * cos(2 * PI * nextUnit()) * sigma;
  for (let i = 0; i < data.length; i++) {
    if ((i & 3) === 3) continue;
    state = (imul(state, 1664525) + 1013904223) >>> 0;
    const v = data[i] + table[state >>> 18];
    data[i] = v < 0 ? 0 : v > 255 ? 255 : round(v);
  }
}

/** JPEG round trip through sharp (a phone's compression): returns the file and its decoded RGBA. */
export async function jpegRoundTrip(
  data: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  quality: number,
): Promise<{ jpeg: Buffer; rgba: Uint8Array }> {
  const jpeg = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } })
    .jpeg({ quality: max(1, min(100, round(quality))), chromaSubsampling: '4:2:0' })
    .toBuffer();
  const decoded = await sharp(jpeg).ensureAlpha().raw().toBuffer();
  return { jpeg, rgba: new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength) };
}
