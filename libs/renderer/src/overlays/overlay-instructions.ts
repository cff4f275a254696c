/**
 * Display instructions of resolved overlays: plain JSON in output pixels of the rendered
 * artifact (origin top-left, y down), ready for a canvas or SVG. Nothing here is geographic.
 * Coordinates are rounded to 1/100 pixel.
 */
import type { StrokeStyle } from '@caddie/styles';
import type { OverlayInstruction, OverlayStroke, Pixel, TextAlign, TextBaseline } from './overlay-wire';

export type { Pixel, OverlayStroke, OverlayFill, MarkerShape, TextAlign, TextBaseline, OverlayInstruction } from './overlay-wire';

export const round2 = (v: number) => Math.round(v * 100) / 100;
export const px = (p: readonly [number, number]): Pixel => [round2(p[0]), round2(p[1])];

/** Dash arrays scale with the stroke so a style reads the same at any width. */
export function overlayStroke(color: string, widthPixels: number, style: StrokeStyle, opacity = 1): OverlayStroke {
  const w = widthPixels;
  switch (style) {
    case 'solid':
      return { color, widthPixels: w, opacity, dash: [], lineCap: 'round' };
    case 'dashed':
      return { color, widthPixels: w, opacity, dash: [round2(w * 3), round2(w * 2)], lineCap: 'butt' };
    case 'dotted':
      return { color, widthPixels: w, opacity, dash: [0, round2(w * 2)], lineCap: 'round' };
    case 'dash-dot':
      return { color, widthPixels: w, opacity, dash: [round2(w * 4), round2(w * 2), 0, round2(w * 2)], lineCap: 'round' };
  }
}

/** Whole yards, or one decimal when the measured value needs it. */
export function yardLabel(yards: number, precision: 'rounded' | 'measured'): string {
  if (precision === 'rounded') return String(Math.round(yards));
  const tenths = Math.round(yards * 10) / 10;
  return Number.isInteger(tenths) ? String(tenths) : tenths.toFixed(1);
}

export interface LabelStyle {
  labelSize: number;
  labelColor: string;
  labelBackgroundColor: string;
  labelXPadding: number;
  labelYPadding: number;
  labelGap: number;
}

/** A label whose box (padding included) sits on `at` as `align` / `baseline` say. */
export function labelAt(
  at: readonly [number, number],
  text: string,
  style: LabelStyle,
  align: TextAlign = 'center',
  baseline: TextBaseline = 'middle',
): OverlayInstruction {
  return {
    kind: 'label',
    at: px(at),
    text,
    sizePixels: style.labelSize,
    color: style.labelColor,
    align,
    baseline,
    background: { color: style.labelBackgroundColor, opacity: 1 },
    padding: { x: style.labelXPadding, y: style.labelYPadding },
  };
}

/**
 * A label beyond `end`, `clearance` + `labelGap` pixels further along `outward` (any length);
 * its box touches that point and grows away from the end.
 */
export function labelBeyond(end: Pixel, outward: readonly [number, number], clearance: number, text: string, style: LabelStyle): OverlayInstruction {
  const length = Math.hypot(outward[0], outward[1]) || 1;
  const ux = outward[0] / length;
  const uy = outward[1] / length;
  const distance = clearance + style.labelGap;
  const vertical = Math.abs(uy) >= Math.abs(ux);
  const align: TextAlign = vertical ? 'center' : ux < 0 ? 'right' : 'left';
  const baseline: TextBaseline = vertical ? (uy < 0 ? 'bottom' : 'top') : 'middle';
  return labelAt([end[0] + ux * distance, end[1] + uy * distance], text, style, align, baseline);
}
