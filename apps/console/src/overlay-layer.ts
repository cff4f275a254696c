/**
 * Draws resolved overlay instructions (the answer of the overlay resolution of a render) on a
 * browser canvas the size of the rendered image, the way libs/renderer's
 * paintOverlayInstructions reads the same instruction format on the server side.
 */

type Pixel = [number, number];
interface Stroke { color: string; widthPixels: number; opacity: number; dash: number[]; lineCap: 'butt' | 'round' }
interface Fill { color: string; opacity: number }

/** The wire format of one instruction (POST /v1/renders/{renderId}/overlays answers, `overlays[].instructions[]`). */
export type OverlayInstruction =
  | { kind: 'polyline'; points: Pixel[]; closed: boolean; stroke: Stroke; fill?: Fill }
  | { kind: 'line'; from: Pixel; to: Pixel; stroke: Stroke; endCaps?: { sizePixels: number; color: string } }
  | { kind: 'circle'; center: Pixel; radiusPixels: number; stroke?: Stroke; fill?: Fill }
  | { kind: 'marker'; at: Pixel; shape: 'circle' | 'square' | 'flag'; sizePixels: number; fill: Fill; stroke?: Stroke }
  | { kind: 'label'; at: Pixel; text: string; sizePixels: number; color: string; align: 'left' | 'center' | 'right'; baseline: 'top' | 'middle' | 'bottom'; background?: Fill; padding?: { x: number; y: number } }
  | { kind: 'arrow'; tail: Pixel; tip: Pixel; shaftWidthPixels: number; headLengthPixels: number; headWidthPixels: number; fill: Fill }
  | { kind: 'raster'; box: { x: number; y: number; width: number; height: number }; contentType: string; dataBase64: string };

export interface ResolvedOverlays {
  renderId: string;
  artifact: { width: number; height: number; format: string };
  overlays: { id: string; type: string; instructions: OverlayInstruction[] }[];
  allowedOverlays: string[];
}

type Ctx = CanvasRenderingContext2D;

function stroke(ctx: Ctx, s: Stroke): void {
  ctx.strokeStyle = s.color;
  ctx.globalAlpha = s.opacity;
  ctx.lineWidth = s.widthPixels;
  ctx.lineCap = s.lineCap;
  ctx.lineJoin = 'round';
  ctx.setLineDash(s.dash);
  ctx.stroke();
}

function fill(ctx: Ctx, f: Fill): void {
  ctx.fillStyle = f.color;
  ctx.globalAlpha = f.opacity;
  ctx.fill();
}

function trace(ctx: Ctx, points: readonly Pixel[], closed: boolean): void {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  if (closed) ctx.closePath();
}

function decode(instruction: Extract<OverlayInstruction, { kind: 'raster' }>): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('an overlay raster could not be decoded'));
    image.src = `data:${instruction.contentType};base64,${instruction.dataBase64}`;
  });
}

function paintOne(ctx: Ctx, instruction: OverlayInstruction, rasters: Map<OverlayInstruction, HTMLImageElement>): void {
  switch (instruction.kind) {
    case 'polyline':
      trace(ctx, instruction.points, instruction.closed);
      if (instruction.fill) fill(ctx, instruction.fill);
      stroke(ctx, instruction.stroke);
      break;
    case 'line':
      trace(ctx, [instruction.from, instruction.to], false);
      stroke(ctx, instruction.stroke);
      if (instruction.endCaps) {
        ctx.setLineDash([]);
        for (const [x, y] of [instruction.from, instruction.to]) {
          ctx.beginPath();
          ctx.arc(x, y, instruction.endCaps.sizePixels / 2, 0, Math.PI * 2);
          fill(ctx, { color: instruction.endCaps.color, opacity: 1 });
        }
      }
      break;
    case 'circle':
      ctx.beginPath();
      ctx.arc(instruction.center[0], instruction.center[1], instruction.radiusPixels, 0, Math.PI * 2);
      if (instruction.fill) fill(ctx, instruction.fill);
      if (instruction.stroke) stroke(ctx, instruction.stroke);
      break;
    case 'marker': {
      const [x, y] = instruction.at;
      const s = instruction.sizePixels;
      ctx.beginPath();
      if (instruction.shape === 'circle') ctx.arc(x, y, s / 2, 0, Math.PI * 2);
      else if (instruction.shape === 'square') ctx.rect(x - s / 2, y - s / 2, s, s);
      else trace(ctx, [[x, y - s], [x + s * 0.7, y - s * 0.8], [x, y - s * 0.6]], true);
      fill(ctx, instruction.fill);
      if (instruction.shape === 'flag') trace(ctx, [[x, y], [x, y - s]], false);
      if (instruction.stroke) stroke(ctx, instruction.stroke);
      break;
    }
    case 'label': {
      ctx.font = `bold ${instruction.sizePixels}px system-ui, sans-serif`;
      const pad = instruction.padding ?? { x: 0, y: 0 };
      const w = ctx.measureText(instruction.text).width + 2 * pad.x;
      const h = instruction.sizePixels * 1.2 + 2 * pad.y;
      const [ax, ay] = instruction.at;
      const left = instruction.align === 'left' ? ax : instruction.align === 'right' ? ax - w : ax - w / 2;
      const top = instruction.baseline === 'top' ? ay : instruction.baseline === 'bottom' ? ay - h : ay - h / 2;
      if (instruction.background) {
        ctx.beginPath();
        ctx.rect(left, top, w, h);
        fill(ctx, instruction.background);
      }
      ctx.globalAlpha = 1;
      ctx.fillStyle = instruction.color;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(instruction.text, left + w / 2, top + h / 2);
      break;
    }
    case 'arrow': {
      const { tail, tip, shaftWidthPixels: sw, headLengthPixels: hl, headWidthPixels: hw } = instruction;
      const length = Math.hypot(tip[0] - tail[0], tip[1] - tail[1]) || 1;
      const [dx, dy] = [(tip[0] - tail[0]) / length, (tip[1] - tail[1]) / length];
      const [nx, ny] = [-dy, dx];
      const [bx, by] = [tip[0] - dx * hl, tip[1] - dy * hl];
      const side = (x: number, y: number, width: number, sign: number): Pixel => [x + (sign * nx * width) / 2, y + (sign * ny * width) / 2];
      trace(ctx, [side(tail[0], tail[1], sw, 1), side(bx, by, sw, 1), side(bx, by, hw, 1), tip, side(bx, by, hw, -1), side(bx, by, sw, -1), side(tail[0], tail[1], sw, -1)], true);
      fill(ctx, instruction.fill);
      break;
    }
    case 'raster': {
      const image = rasters.get(instruction);
      if (image) ctx.drawImage(image, instruction.box.x, instruction.box.y, instruction.box.width, instruction.box.height);
      break;
    }
  }
}

/** Clears the canvas (sized to the render's pixels) and draws every overlay's instructions in order. */
export async function paintOverlays(canvas: HTMLCanvasElement, resolved: ResolvedOverlays): Promise<void> {
  const all = resolved.overlays.flatMap((o) => o.instructions);
  const rasters = new Map<OverlayInstruction, HTMLImageElement>();
  for (const instruction of all) if (instruction.kind === 'raster') rasters.set(instruction, await decode(instruction));
  canvas.width = resolved.artifact.width;
  canvas.height = resolved.artifact.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser has no 2D canvas');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  for (const instruction of all) {
    ctx.save();
    paintOne(ctx, instruction, rasters);
    ctx.restore();
  }
}
