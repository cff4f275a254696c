/**
 * Draws resolved overlay instructions on a Skia canvas, the way a client would (the gallery and
 * previews use it), through the drawing shared with the console's browser canvas.
 */
import { Image, type SKRSContext2D } from '@napi-rs/canvas';
import { font, registerFonts } from '../fonts/register-fonts';
import { drawOverlayInstruction, type OverlayDrawingHost } from './overlay-drawing';
import type { OverlayInstruction } from './overlay-wire';

const SKIA_HOST: OverlayDrawingHost<SKRSContext2D> = {
  labelFont: (sizePixels) => font('sans', sizePixels, 'bold'),
  drawRaster: (ctx, instruction) => {
    const image = new Image();
    image.src = Buffer.from(instruction.dataBase64, 'base64');
    ctx.drawImage(image, instruction.box.x, instruction.box.y, instruction.box.width, instruction.box.height);
  },
};

export function paintOverlayInstructions(ctx: SKRSContext2D, instructions: readonly OverlayInstruction[]): void {
  registerFonts();
  for (const instruction of instructions) drawOverlayInstruction(ctx, instruction, SKIA_HOST);
}
