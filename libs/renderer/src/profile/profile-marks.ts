import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from '../fonts/register-fonts';
import type { ProfileBox } from './profile-sizing';

/** Fallback for a tee set without a colour: a neutral grey that reads on light and dark grounds. */
export const UNKNOWN_TEE_COLOR = '#9AA0A6';
export const FLAG_COLOR = '#D0312D';

/** Relative luminance (sRGB, unlinearized is enough to choose dark or light ink). */
export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
  if (!m) return 1;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => parseInt(c, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark ink on light grounds, light ink on dark ones. */
export function inkOn(background: string): string {
  return luminance(background) > 0.5 ? '#1E2B24' : '#F4F6F2';
}

/** A tee square sitting on the terrain: bottom edge centred at (x, y). */
export function paintTeeSquare(ctx: SKRSContext2D, x: number, y: number, size: number, color: string, outline: string, outlinePixels: number): ProfileBox {
  const box = { x: x - size / 2, y: y - size, width: size, height: size };
  ctx.fillStyle = color;
  ctx.fillRect(box.x, box.y, box.width, box.height);
  ctx.strokeStyle = outline;
  ctx.lineWidth = outlinePixels;
  const inset = outlinePixels / 2;
  ctx.strokeRect(box.x + inset, box.y + inset, box.width - outlinePixels, box.height - outlinePixels);
  return box;
}

/** An outlined approach circle centred on the terrain line; the outline lies inside the diameter. */
export function paintApproachCircle(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  diameter: number,
  fill: string,
  outline: string,
  outlinePixels: number,
): ProfileBox {
  ctx.beginPath();
  ctx.arc(x, y, Math.max(0.5, (diameter - outlinePixels) / 2), 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = outline;
  ctx.lineWidth = outlinePixels;
  ctx.stroke();
  return { x: x - diameter / 2, y: y - diameter / 2, width: diameter, height: diameter };
}

/** The flag on the green centre; the pennant flies back toward the tee so it stays inside the plot. */
export function paintFlag(ctx: SKRSContext2D, x: number, y: number, poleHeight: number, ink: string, polePixels: number): ProfileBox {
  const top = y - poleHeight;
  const pennantWidth = poleHeight * 0.55;
  const pennantHeight = poleHeight * 0.32;
  ctx.beginPath();
  ctx.moveTo(x, top);
  ctx.lineTo(x - pennantWidth, top + pennantHeight / 2);
  ctx.lineTo(x, top + pennantHeight);
  ctx.closePath();
  ctx.fillStyle = FLAG_COLOR;
  ctx.fill();
  ctx.strokeStyle = ink;
  ctx.lineWidth = polePixels;
  ctx.lineCap = 'butt';
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x, top);
  ctx.stroke();
  return { x: x - pennantWidth, y: top, width: pennantWidth + polePixels / 2, height: poleHeight };
}

/** Text centred in its box; badges get a rounded fill (the tee colour) and a thin outline. */
export function paintLabel(
  ctx: SKRSContext2D,
  box: ProfileBox,
  text: string,
  sizePx: number,
  weight: 'normal' | 'bold',
  ink: string,
  badge?: { fill: string; outline: string; outlinePixels: number },
): void {
  let textColor = ink;
  if (badge) {
    ctx.beginPath();
    const inset = badge.outlinePixels / 2;
    ctx.roundRect(box.x + inset, box.y + inset, box.width - 2 * inset, box.height - 2 * inset, (box.height - 2 * inset) / 2);
    ctx.fillStyle = badge.fill;
    ctx.fill();
    ctx.strokeStyle = badge.outline;
    ctx.lineWidth = badge.outlinePixels;
    ctx.stroke();
    textColor = inkOn(badge.fill);
  }
  ctx.font = font('sans', sizePx, weight);
  ctx.fillStyle = textColor;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, box.x + box.width / 2, box.y + box.height / 2);
}
