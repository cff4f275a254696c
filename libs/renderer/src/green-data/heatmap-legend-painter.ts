import { metersToFeet } from '@caddie/geometry';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from '../fonts/register-fonts';
import { HEATMAP_HIGH_COLOR, HEATMAP_LOW_COLOR, heatmapStrength, TURF_NEUTRAL_LEVEL } from './elevation-normalization';
import type { PuttingSurface } from './putting-surface';

export interface HeatmapLegendRow {
  side: 'high' | 'low';
  /** how far the green rises above (high) or falls below (low) its dominant level, feet */
  feet: number;
  label: string;
  /** the swatch as the heatmap reads at full strength over desaturated turf */
  swatch: string;
}

/**
 * What the heatmap key says for one green: a row per side that the heatmap actually colours
 * (a flat green has none), each with the reach of that side in feet from the dominant level.
 */
export function heatmapLegendRows(surface: PuttingSurface, opacity: number): HeatmapLegendRow[] {
  const n = surface.normalization;
  let high = 0;
  let low = 0;
  for (let i = 0; i < surface.elevation.length; i++) {
    if (!surface.insideGreen[i]) continue;
    const strength = heatmapStrength(surface.elevation[i], n);
    if (strength > high) high = strength;
    if (-strength > low) low = -strength;
  }
  const swatch = (c: { r: number; g: number; b: number }) => {
    const mix = (v: number) => Math.round(v * opacity + TURF_NEUTRAL_LEVEL * (1 - opacity));
    return `rgb(${mix(c.r)}, ${mix(c.g)}, ${mix(c.b)})`;
  };
  const rows: HeatmapLegendRow[] = [];
  if (high > 0) {
    const feet = metersToFeet(n.maximum - n.dominant);
    rows.push({ side: 'high', feet, label: `Higher, up to +${feet.toFixed(1)} ft`, swatch: swatch(HEATMAP_HIGH_COLOR) });
  }
  if (low > 0) {
    const feet = metersToFeet(n.dominant - n.minimum);
    rows.push({ side: 'low', feet, label: `Lower, down to \u2212${feet.toFixed(1)} ft`, swatch: swatch(HEATMAP_LOW_COLOR) });
  }
  return rows;
}

export interface HeatmapLegendBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Paints the heatmap key in the lower-left corner of the output, in output pixels: a light
 * panel with one swatch and label per coloured side, the text sized from `mm` (millimetres
 * at the output's print scale) so it grows with the output like every other label.
 * Returns the panel's box, or null when the heatmap colours nothing.
 */
export function paintHeatmapLegend(
  ctx: SKRSContext2D,
  surface: PuttingSurface,
  options: { opacity: number; width: number; height: number; mm: (millimetres: number) => number },
): HeatmapLegendBox | null {
  const rows = heatmapLegendRows(surface, options.opacity);
  if (!rows.length) return null;
  const { mm } = options;
  const text = mm(2.6);
  const pad = mm(1.6);
  const swatchSize = mm(3);
  const gap = mm(1.4);
  const rowHeight = Math.max(swatchSize, text) + gap;
  const title = 'Green elevation';
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.font = font('sans', text, 'bold');
  let textWidth = ctx.measureText(title).width;
  ctx.font = font('sans', text, 'normal');
  for (const row of rows) textWidth = Math.max(textWidth, swatchSize + gap + ctx.measureText(row.label).width);
  const width = pad * 2 + textWidth;
  const height = pad * 2 + text + gap + rows.length * rowHeight - gap;
  const margin = mm(4);
  const box = { x: margin, y: options.height - margin - height, width, height };

  ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
  ctx.strokeStyle = 'rgba(20, 38, 34, 0.55)';
  ctx.lineWidth = Math.max(1, mm(0.25));
  ctx.beginPath();
  ctx.roundRect(box.x, box.y, box.width, box.height, mm(1));
  ctx.fill();
  ctx.stroke();

  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillStyle = '#142622';
  ctx.font = font('sans', text, 'bold');
  ctx.fillText(title, box.x + pad, box.y + pad + text / 2);
  ctx.font = font('sans', text, 'normal');
  rows.forEach((row, i) => {
    const top = box.y + pad + text + gap + i * rowHeight;
    const middle = top + Math.max(swatchSize, text) / 2;
    ctx.fillStyle = row.swatch;
    ctx.fillRect(box.x + pad, middle - swatchSize / 2, swatchSize, swatchSize);
    ctx.strokeRect(box.x + pad, middle - swatchSize / 2, swatchSize, swatchSize);
    ctx.fillStyle = '#142622';
    ctx.fillText(row.label, box.x + pad + swatchSize + gap, middle);
  });
  ctx.restore();
  return box;
}
