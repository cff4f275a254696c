import { greeneryPalette } from '../painters/palettes';
import { HEATMAP_HIGH_COLOR, HEATMAP_LOW_COLOR, heatmapDesaturation } from './elevation-normalization';

// The heatmap's colours at the default opacity over every putting-green colour, composited as
// the painter does (turf desaturated under the colour by the 'saturation' blend, then the colour
// source-over): high reads red (spec rule 13), not a muddy brown, low reads blue, and the two
// stay apart for deuteranope and protanope readers (simulated with the Machado et al. 2009
// full-severity matrices, in linear RGB).
const OPACITY = 0.42;
const GREENS = ['classic', 'cool-blue', 'cool-apple', 'warm-emerald', 'warm-golden'].map((name) => greeneryPalette(name).green);

type Rgb = [number, number, number];
const hex = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
/** W3C 'saturation' blend with a grey source at alpha `amount`: the turf keeps its luminosity */
const desaturate = (rgb: Rgb, amount: number): Rgb => {
  const lum = 0.3 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2];
  return rgb.map((c) => c * (1 - amount) + lum * amount) as Rgb;
};
const over = (top: { r: number; g: number; b: number }, under: Rgb): Rgb => {
  const base = desaturate(under, heatmapDesaturation(OPACITY));
  return [top.r, top.g, top.b].map((c, i) => c * OPACITY + base[i] * (1 - OPACITY)) as Rgb;
};
const toLinear = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const MACHADO = {
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
};
const simulate = (rgb: Rgb, m: number[][]): Rgb => {
  const lin = rgb.map(toLinear);
  return m.map((row) => 255 * Math.max(0, Math.min(1, row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]))) as Rgb;
};
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
/** hue in degrees, 0..360 */
const hue = ([r, g, b]: Rgb) => {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const h = max === r ? (g - b) / (max - min) : max === g ? 2 + (b - r) / (max - min) : 4 + (r - g) / (max - min);
  return (h * 60 + 360) % 360;
};

describe('heatmap palette over turf', () => {
  it.each(GREENS)('over %s: high reads red, low reads blue, never a muddy brown', (green) => {
    const turf = hex(green);
    const high = over(HEATMAP_HIGH_COLOR, turf);
    const low = over(HEATMAP_LOW_COLOR, turf);
    // brown is a dark orange (hue 20-45): the high composite is a light, saturated red
    expect(Math.max(...high)).toBeGreaterThan(170);
    expect(Math.max(...high) - Math.min(...high)).toBeGreaterThan(80);
    expect(hue(high) < 12 || hue(high) > 345).toBe(true);
    expect(hue(low)).toBeGreaterThan(200);
    expect(hue(low)).toBeLessThan(250);
    expect(distance(high, turf)).toBeGreaterThan(55);
    expect(distance(low, turf)).toBeGreaterThan(55);
  });

  it.each(Object.entries(MACHADO))('low and high stay distinct for %s readers', (_, matrix) => {
    for (const green of GREENS) {
      const turf = hex(green);
      expect(distance(simulate(over(HEATMAP_HIGH_COLOR, turf), matrix), simulate(over(HEATMAP_LOW_COLOR, turf), matrix))).toBeGreaterThan(80);
    }
  });
});
