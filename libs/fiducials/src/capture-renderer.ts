import { createCanvas } from '@napi-rs/canvas';
import type { Box } from './capture-geometry';
import type { CaptureDefinition } from './design-catalog';
import { drawLabelText } from './label-font';
import { loadMarkerDictionary, MARKER_MODULES } from './marker-dictionary';
import type { PixelImage } from './pixel-image';
import { formatIdentityLabel } from './printed-identity';

export interface RenderCaptureOptions {
  pixelsPerMm: number;
  courseCode?: string;
  /** Overrides the printed label (tests print damaged or reordered labels). */
  labelText?: string;
  /** Draw the score table rules and region outlines (default true). */
  drawTable?: boolean;
}

/**
 * Draws a capture surface (markers, S label, table rules) as the printed card looks, at
 * `pixelsPerMm`. Used by the printable cards and to synthesize photographs in tests.
 */
export async function renderCaptureSurface(capture: CaptureDefinition, options: RenderCaptureOptions): Promise<PixelImage> {
  const dictionary = await loadMarkerDictionary();
  const scale = options.pixelsPerMm;
  const width = Math.round(capture.widthMm * scale);
  const height = Math.round(capture.heightMm * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);

  if (options.drawTable ?? true) {
    ctx.strokeStyle = '#777';
    ctx.lineWidth = Math.max(1, 0.25 * scale);
    const outline = (b: Box) => ctx.strokeRect(b.x1 * width, b.y1 * height, (b.x2 - b.x1) * width, (b.y2 - b.y1) * height);
    for (const hole of capture.regions.holes) {
      for (const cell of Object.values(hole.cells)) outline(cell);
    }
    outline(capture.regions.totals);
    for (const area of Object.values(capture.regions.supplemental)) {
      for (const field of Object.values(area.fields)) outline(field);
    }
    if (capture.topology !== 'single-page') {
      ctx.setLineDash([2 * scale, 2 * scale]);
      const fold = capture.pages[1].rectMm;
      ctx.beginPath();
      if (capture.topology === 'horizontal-spread') {
        ctx.moveTo(fold.x * scale, 0);
        ctx.lineTo(fold.x * scale, height);
      } else {
        ctx.moveTo(0, fold.y * scale);
        ctx.lineTo(width, fold.y * scale);
      }
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  ctx.fillStyle = '#000';
  for (const marker of capture.markers) {
    const modules = dictionary.markerModules(marker.id);
    const module = (marker.sizeMm / MARKER_MODULES) * scale;
    for (let row = 0; row < MARKER_MODULES; row++) {
      for (let col = 0; col < MARKER_MODULES; col++) {
        if (modules[row][col]) continue;
        // Module edges snap to shared coordinates so neighbouring modules leave no hairline gap.
        const x0 = marker.xMm * scale + col * module;
        const y0 = marker.yMm * scale + row * module;
        ctx.fillRect(x0, y0, module, module);
      }
    }
  }

  const label = options.labelText ?? formatIdentityLabel({ designCode: capture.designCode, courseCode: options.courseCode });
  const box = capture.labelRectMm;
  drawLabelText(ctx, label, box.x * scale, box.y * scale, box.height * scale);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  return { data: new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength), width, height, channels: 4 };
}
