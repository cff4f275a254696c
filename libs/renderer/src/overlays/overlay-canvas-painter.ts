/**
 * Draws resolved overlay instructions on a canvas, the way a client would (the gallery and
 * previews use it): the reference reading of the instruction format in overlay-instructions.ts.
 */
import { Image, type SKRSContext2D } from '@napi-rs/canvas';
import { font, registerFonts } from '../fonts/register-fonts';
import type { OverlayFill, OverlayInstruction, OverlayStroke, Pixel } from './overlay-instructions';

function applyStroke(ctx: SKRSContext2D, stroke: OverlayStroke): void {
  ctx.strokeStyle = stroke.color;
  ctx.globalAlpha = stroke.opacity;
  ctx.lineWidth = stroke.widthPixels;
  ctx.lineCap = stroke.lineCap;
  ctx.lineJoin = 'round';
  ctx.setLineDash(stroke.dash);
  ctx.stroke();
}

function applyFill(ctx: SKRSContext2D, fill: OverlayFill): void {
  ctx.fillStyle = fill.color;
  ctx.globalAlpha = fill.opacity;
  ctx.fill();
}

function tracePoints(ctx: SKRSContext2D, points: readonly Pixel[], closed: boolean): void {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  if (closed) ctx.closePath();
}

export function paintOverlayInstructions(ctx: SKRSContext2D, instructions: readonly OverlayInstruction[]): void {
  registerFonts();
  for (const instruction of instructions) {
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
        if (instruction.endCaps) {
          ctx.setLineDash([]);
          ctx.globalAlpha = 1;
          for (const end of [instruction.from, instruction.to]) {
            ctx.beginPath();
            ctx.arc(end[0], end[1], instruction.endCaps.sizePixels / 2, 0, Math.PI * 2);
            ctx.fillStyle = instruction.endCaps.color;
            ctx.fill();
          }
        }
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
        else {
          // flag: the pole foot at `at`, the cloth at the top of the pole
          ctx.moveTo(x, y - s);
          ctx.lineTo(x + s * 0.7, y - s * 0.8);
          ctx.lineTo(x, y - s * 0.6);
          ctx.closePath();
        }
        applyFill(ctx, instruction.fill);
        if (instruction.shape === 'flag') {
          ctx.beginPath();
          ctx.moveTo(x, y);
          ctx.lineTo(x, y - s);
        }
        if (instruction.stroke) applyStroke(ctx, instruction.stroke);
        break;
      }
      case 'label': {
        ctx.font = font('sans', instruction.sizePixels, 'bold');
        const width = ctx.measureText(instruction.text).width;
        const pad = instruction.padding ?? { x: 0, y: 0 };
        const boxWidth = width + 2 * pad.x;
        const boxHeight = instruction.sizePixels * 1.2 + 2 * pad.y;
        const left = instruction.align === 'left' ? instruction.at[0] : instruction.align === 'right' ? instruction.at[0] - boxWidth : instruction.at[0] - boxWidth / 2;
        const top = instruction.baseline === 'top' ? instruction.at[1] : instruction.baseline === 'bottom' ? instruction.at[1] - boxHeight : instruction.at[1] - boxHeight / 2;
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
        break;
      }
      case 'arrow': {
        const { tail, tip, shaftWidthPixels: w, headLengthPixels: hl, headWidthPixels: hw } = instruction;
        const length = Math.hypot(tip[0] - tail[0], tip[1] - tail[1]) || 1;
        const [dx, dy] = [(tip[0] - tail[0]) / length, (tip[1] - tail[1]) / length];
        const [nx, ny] = [-dy, dx];
        const [bx, by] = [tip[0] - dx * hl, tip[1] - dy * hl];
        tracePoints(ctx, [
          [tail[0] + (nx * w) / 2, tail[1] + (ny * w) / 2],
          [bx + (nx * w) / 2, by + (ny * w) / 2],
          [bx + (nx * hw) / 2, by + (ny * hw) / 2],
          tip,
          [bx - (nx * hw) / 2, by - (ny * hw) / 2],
          [bx - (nx * w) / 2, by - (ny * w) / 2],
          [tail[0] - (nx * w) / 2, tail[1] - (ny * w) / 2],
        ], true);
        applyFill(ctx, instruction.fill);
        break;
      }
      case 'raster': {
        const image = new Image();
        image.src = Buffer.from(instruction.dataBase64, 'base64');
        ctx.drawImage(image, instruction.box.x, instruction.box.y, instruction.box.width, instruction.box.height);
        break;
      }
    }
    ctx.restore();
  }
}
