/**
 * The one reading of the overlay instruction format on a 2D canvas, shared by the server's Skia
 * canvas (overlay-canvas-painter.ts: the gallery, previews) and the console's browser canvas.
 * Dependency-free: it draws through the few canvas members it names, and leaves what differs
 * between the two (the label font, decoded rasters) to the caller.
 */
import type { OverlayFill, OverlayInstruction, OverlayStroke, Pixel } from './overlay-wire';

/** The members of CanvasRenderingContext2D this drawing uses (Skia's and the browser's both have them). */
export interface OverlayContext2D {
  strokeStyle: unknown;
  fillStyle: unknown;
  globalAlpha: number;
  lineWidth: number;
  lineCap: string;
  lineJoin: string;
  font: string;
  textAlign: string;
  textBaseline: string;
  setLineDash(segments: number[]): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  rect(x: number, y: number, width: number, height: number): void;
  stroke(): void;
  fill(): void;
  measureText(text: string): { width: number };
  fillText(text: string, x: number, y: number): void;
  save(): void;
  restore(): void;
}

export type RasterInstruction = Extract<OverlayInstruction, { kind: 'raster' }>;

/** What the canvas kind decides: the CSS font of a label of a size, and drawing a raster instruction. */
export interface OverlayDrawingHost<C extends OverlayContext2D> {
  labelFont(sizePixels: number): string;
  drawRaster(ctx: C, instruction: RasterInstruction): void;
}

/** Width of a `point` end cap's arrow head against its length. */
const POINT_CAP_WIDTH = 0.9;

function applyStroke(ctx: OverlayContext2D, stroke: OverlayStroke): void {
  ctx.strokeStyle = stroke.color;
  ctx.globalAlpha = stroke.opacity;
  ctx.lineWidth = stroke.widthPixels;
  ctx.lineCap = stroke.lineCap;
  ctx.lineJoin = 'round';
  ctx.setLineDash(stroke.dash);
  ctx.stroke();
}

function applyFill(ctx: OverlayContext2D, fill: OverlayFill): void {
  ctx.fillStyle = fill.color;
  ctx.globalAlpha = fill.opacity;
  ctx.fill();
}

function tracePoints(ctx: OverlayContext2D, points: readonly Pixel[], closed: boolean): void {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  if (closed) ctx.closePath();
}

/** Unit vector from `from` towards `to` (along +x for coincident points). */
function direction(from: Pixel, to: Pixel): Pixel {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  return length > 0 ? [(to[0] - from[0]) / length, (to[1] - from[1]) / length] : [1, 0];
}

/** A `line`'s end caps: a disc of diameter sizePixels (`dot`), or an arrow head sizePixels long pointing outward (`point`). */
function drawEndCaps(ctx: OverlayContext2D, from: Pixel, to: Pixel, caps: NonNullable<Extract<OverlayInstruction, { kind: 'line' }>['endCaps']>): void {
  ctx.setLineDash([]);
  const size = caps.sizePixels;
  for (const [end, other] of [
    [from, to],
    [to, from],
  ] as const) {
    if (caps.shape === 'dot') {
      ctx.beginPath();
      ctx.arc(end[0], end[1], size / 2, 0, Math.PI * 2);
    } else {
      const [dx, dy] = direction(other, end);
      const [bx, by] = [end[0] - dx * size, end[1] - dy * size];
      const half = (size * POINT_CAP_WIDTH) / 2;
      tracePoints(ctx, [end, [bx - dy * half, by + dx * half], [bx + dy * half, by - dx * half]], true);
    }
    applyFill(ctx, { color: caps.color, opacity: 1 });
  }
}

function drawArrow(ctx: OverlayContext2D, instruction: Extract<OverlayInstruction, { kind: 'arrow' }>): void {
  const { tail, tip, shaftWidthPixels: shaft, headLengthPixels: headLength, headWidthPixels: head } = instruction;
  const [dx, dy] = direction(tail, tip);
  const [nx, ny] = [-dy, dx];
  const [bx, by] = [tip[0] - dx * headLength, tip[1] - dy * headLength];
  const side = (x: number, y: number, width: number, sign: number): Pixel => [x + (sign * nx * width) / 2, y + (sign * ny * width) / 2];
  tracePoints(
    ctx,
    [
      side(tail[0], tail[1], shaft, 1),
      side(bx, by, shaft, 1),
      side(bx, by, head, 1),
      tip,
      side(bx, by, head, -1),
      side(bx, by, shaft, -1),
      side(tail[0], tail[1], shaft, -1),
    ],
    true,
  );
  applyFill(ctx, instruction.fill);
}

function drawLabel(ctx: OverlayContext2D, instruction: Extract<OverlayInstruction, { kind: 'label' }>, font: string): void {
  ctx.font = font;
  const pad = instruction.padding ?? { x: 0, y: 0 };
  const boxWidth = ctx.measureText(instruction.text).width + 2 * pad.x;
  const boxHeight = instruction.sizePixels * 1.2 + 2 * pad.y;
  const [ax, ay] = instruction.at;
  const left = instruction.align === 'left' ? ax : instruction.align === 'right' ? ax - boxWidth : ax - boxWidth / 2;
  const top = instruction.baseline === 'top' ? ay : instruction.baseline === 'bottom' ? ay - boxHeight : ay - boxHeight / 2;
  if (instruction.background) {
    ctx.beginPath();
    ctx.rect(left, top, boxWidth, boxHeight);
    applyFill(ctx, instruction.background);
  }
  ctx.globalAlpha = 1;
  ctx.fillStyle = instruction.color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(instruction.text, left + boxWidth / 2, top + boxHeight / 2);
}

/** Draws one instruction; the canvas state is saved and restored around it. */
export function drawOverlayInstruction<C extends OverlayContext2D>(ctx: C, instruction: OverlayInstruction, host: OverlayDrawingHost<C>): void {
  ctx.save();
  switch (instruction.kind) {
    case 'polyline':
      tracePoints(ctx, instruction.points, instruction.closed);
      if (instruction.fill) applyFill(ctx, instruction.fill);
      applyStroke(ctx, instruction.stroke);
      break;
    case 'line':
      tracePoints(ctx, [instruction.from, instruction.to], false);
      applyStroke(ctx, instruction.stroke);
      if (instruction.endCaps) drawEndCaps(ctx, instruction.from, instruction.to, instruction.endCaps);
      break;
    case 'circle':
      ctx.beginPath();
      ctx.arc(instruction.center[0], instruction.center[1], instruction.radiusPixels, 0, Math.PI * 2);
      if (instruction.fill) applyFill(ctx, instruction.fill);
      if (instruction.stroke) applyStroke(ctx, instruction.stroke);
      break;
    case 'marker': {
      const [x, y] = instruction.at;
      const s = instruction.sizePixels;
      ctx.beginPath();
      if (instruction.shape === 'circle') ctx.arc(x, y, s / 2, 0, Math.PI * 2);
      else if (instruction.shape === 'square') ctx.rect(x - s / 2, y - s / 2, s, s);
      // flag: the pole foot at `at`, the cloth at the top of the pole
      else
        tracePoints(
          ctx,
          [
            [x, y - s],
            [x + s * 0.7, y - s * 0.8],
            [x, y - s * 0.6],
          ],
          true,
        );
      applyFill(ctx, instruction.fill);
      if (instruction.shape === 'flag')
        tracePoints(
          ctx,
          [
            [x, y],
            [x, y - s],
          ],
          false,
        );
      if (instruction.stroke) applyStroke(ctx, instruction.stroke);
      break;
    }
    case 'label':
      drawLabel(ctx, instruction, host.labelFont(instruction.sizePixels));
      break;
    case 'arrow':
      drawArrow(ctx, instruction);
      break;
    case 'raster':
      host.drawRaster(ctx, instruction);
      break;
  }
  ctx.restore();
}
