/**
 * Fills a printed card raster in by hand for round-trip tests: the values the scene generator's
 * card filling plans (par-based scores, putts, totals), each digit an MNIST glyph drawn as pen
 * ink by the handwriting generator's glyph stamp (test/synthesis/cells).
 */
import type { CaptureDefinition, PixelImage } from '@caddie/fiducials';
import { mnistGlyph, mnistItems, type MnistItemRange } from '@caddie/handwriting-training';
import { placedGlyphWidth, planFilledCard, SceneRandom, SeededRandom, stampGlyph, type FieldToWrite, type InkCanvas, type PenStroke } from '@caddie/synthesis';

export interface WrittenValue {
  row: string;
  field: string;
  value: number;
}

/**
 * Writes every digit field the filling plan chooses into `card` (RGBA, covering the capture
 * surface), in place. Text fields are left blank. Returns what was written.
 */
export function fillCardByHand(
  card: PixelImage,
  capture: CaptureDefinition,
  parOf: (hole: number) => number | null | undefined,
  seed: number,
  range: MnistItemRange,
): WrittenValue[] {
  const random = new SeededRandom(seed);
  const fields: FieldToWrite[] = planFilledCard(capture, parOf, new SceneRandom(seed + 1));
  const ink: InkCanvas = {
    lum: new Float32Array(card.width * card.height),
    width: card.width,
    height: card.height,
    owners: new Uint8Array(card.width * card.height),
    ownerAlpha: new Float32Array(card.width * card.height),
  };
  const c = card.channels;
  for (let i = 0; i < ink.lum.length; i++) ink.lum[i] = 0.299 * card.data[i * c] + 0.587 * card.data[i * c + 1] + 0.114 * card.data[i * c + 2];
  const before = Float32Array.from(ink.lum);
  const pen: PenStroke = {
    luminance: random.uniform(20, 60),
    width: Math.max(2, card.width / 400),
    pressure: random.uniform(0.85, 1),
    wobble: random.uniform(0, 0.15),
    phase: random.uniform(0, Math.PI * 2),
  };
  const written: WrittenValue[] = [];
  for (const field of fields) {
    if (field.content !== 'digits' || field.value === null) continue;
    const x1 = field.box.x1 * card.width;
    const y1 = field.box.y1 * card.height;
    const w = (field.box.x2 - field.box.x1) * card.width;
    const h = (field.box.y2 - field.box.y1) * card.height;
    const glyphs = String(field.value)
      .split('')
      .map((d) => mnistGlyph(Number(d), random.pick(mnistItems(Number(d), range)), range));
    let height = field.area === 'cell' ? h * random.uniform(0.55, 0.75) : Math.min(h * 0.7, w * 0.5);
    const gap = 0.15 * height;
    const span = (hh: number) => glyphs.reduce((sum, g, i) => sum + placedGlyphWidth(g, { height: hh, xScale: 1 }) + (i > 0 ? 0.15 * hh : 0), 0);
    if (span(height) > 0.8 * w) height *= (0.8 * w) / span(height);
    let x = (field.area === 'cell' ? x1 + w / 2 - span(height) / 2 : x1 + 0.1 * w) + random.uniform(-0.05, 0.05) * w;
    const cy = y1 + (field.area === 'cell' ? h / 2 : h * 0.6);
    glyphs.forEach((glyph, i) => {
      const gw = placedGlyphWidth(glyph, { height, xScale: 1 });
      if (i > 0) x += gap;
      stampGlyph(
        ink,
        glyph,
        {
          cx: x + gw / 2,
          cy: cy + random.uniform(-0.04, 0.04) * height,
          height,
          xScale: 1,
          shear: random.uniform(-0.05, 0.2),
          rotation: random.uniform(-0.04, 0.04),
        },
        pen,
        i,
      );
      x += gw;
    });
    written.push({ row: field.row, field: field.field, value: field.value });
  }
  // ink darkens the print where the pen went (multiply, so printed colour stays under it)
  for (let i = 0; i < ink.lum.length; i++) {
    if (ink.lum[i] >= before[i]) continue;
    const k = before[i] > 0 ? ink.lum[i] / before[i] : 0;
    for (let ch = 0; ch < 3; ch++) card.data[i * c + ch] = Math.round(card.data[i * c + ch] * k);
  }
  return written;
}
