/** Shared pieces of every composition: the result shape, padding in pixels, overflow. */
import type { ImagePadding, PaddingLength } from '@caddie/styles';
import type { EnvelopeShape } from './perimeter-shapes';
import type { ViewTransform } from './view-transform';

export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels of measured artwork that fall outside the image on each side (exact mode may clip). */
export interface Overflow {
  clipped: boolean;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Composition {
  transform: ViewTransform;
  /** measured envelope (or subject) bounds in output pixels, before clipping to the image */
  contentBounds: PixelBox;
  overflow: Overflow;
  /** the shapes the perimeter mask fills; null = edge to edge */
  mask: EnvelopeShape[] | null;
}

export interface PaddingPixels {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const lengthPx = (l: PaddingLength, dimension: number) => (l.unit === 'px' ? l.value : l.value * dimension);

export function paddingInPixels(padding: ImagePadding, width: number, height: number): PaddingPixels {
  return {
    top: lengthPx(padding.top, height),
    right: lengthPx(padding.right, width),
    bottom: lengthPx(padding.bottom, height),
    left: lengthPx(padding.left, width),
  };
}

export const DEFAULT_PADDING_FRACTION = 0.05;

export function uniformPadding(width: number, height: number, fraction: number): PaddingPixels {
  return { top: height * fraction, bottom: height * fraction, left: width * fraction, right: width * fraction };
}

export function overflowOf(b: { minX: number; minY: number; maxX: number; maxY: number }, width: number, height: number): Overflow {
  const round = (v: number) => Math.round(Math.max(0, v) * 100) / 100;
  const o = { left: round(-b.minX), top: round(-b.minY), right: round(b.maxX - width), bottom: round(b.maxY - height) };
  return { clipped: o.left > 0.5 || o.top > 0.5 || o.right > 0.5 || o.bottom > 0.5, ...o };
}

export function boxOf(b: { minX: number; minY: number; maxX: number; maxY: number }): PixelBox {
  const r = (v: number) => Math.round(v * 100) / 100;
  return { x: r(b.minX), y: r(b.minY), width: r(b.maxX - b.minX), height: r(b.maxY - b.minY) };
}
