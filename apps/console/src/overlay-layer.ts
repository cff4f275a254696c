/**
 * Draws resolved overlay instructions (the answer of the overlay resolution of a render) on a
 * browser canvas the size of the rendered image, with the drawing libs/renderer's Skia painter
 * uses (overlay-drawing.ts: dependency-free, so Vite bundles it here).
 */
import { drawOverlayInstruction, type OverlayDrawingHost, type OverlayInstruction } from '../../../libs/renderer/src/browser';

export type { OverlayInstruction };

export interface ResolvedOverlays {
  renderId: string;
  artifact: { width: number; height: number; format: string };
  overlays: { id: string; type: string; instructions: OverlayInstruction[] }[];
  allowedOverlays: string[];
}

type RasterInstruction = Extract<OverlayInstruction, { kind: 'raster' }>;

function decode(instruction: RasterInstruction): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('an overlay raster could not be decoded'));
    image.src = `data:${instruction.contentType};base64,${instruction.dataBase64}`;
  });
}

/** Clears the canvas (sized to the render's pixels) and draws every overlay's instructions in order. */
export async function paintOverlays(canvas: HTMLCanvasElement, resolved: ResolvedOverlays): Promise<void> {
  const all = resolved.overlays.flatMap((o) => o.instructions);
  const rasters = new Map<OverlayInstruction, HTMLImageElement>();
  for (const instruction of all) if (instruction.kind === 'raster') rasters.set(instruction, await decode(instruction));
  const host: OverlayDrawingHost<CanvasRenderingContext2D> = {
    labelFont: (sizePixels) => `bold ${sizePixels}px system-ui, sans-serif`,
    drawRaster: (ctx, instruction) => {
      const image = rasters.get(instruction);
      if (image) ctx.drawImage(image, instruction.box.x, instruction.box.y, instruction.box.width, instruction.box.height);
    },
  };
  canvas.width = resolved.artifact.width;
  canvas.height = resolved.artifact.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser has no 2D canvas');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  for (const instruction of all) drawOverlayInstruction(ctx, instruction, host);
}
