import { glyphInkBox, stampGlyph, type InkCanvas } from './glyph-stamp';

const SIDE = 28;
const PAPER = 230;
const PEN = { luminance: 20, width: 3, pressure: 1, wobble: 0, phase: 0 };

/** A 28x28 glyph of ink 0..1 painted by a predicate on pixel centres. */
function glyph(inked: (x: number, y: number) => boolean): Float32Array {
  const image = new Float32Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) if (inked(x + 0.5, y + 0.5)) image[y * SIDE + x] = 1;
  return image;
}

function distanceToSegment(x: number, y: number, [ax, ay]: [number, number], [bx, by]: [number, number]): number {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay));
}

/** Stamps a glyph upright at a given height; returns the canvas and where a glyph point lands. */
function stamp(image: Float32Array, height: number): { canvas: InkCanvas; scale: number; at: (u: number, v: number) => [number, number] } {
  const width = 140;
  const canvas: InkCanvas = {
    lum: new Float32Array(width * width).fill(PAPER),
    width,
    height: width,
    owners: new Uint8Array(width * width),
    ownerAlpha: new Float32Array(width * width),
  };
  stampGlyph(canvas, image, { cx: 70, cy: 70, height, xScale: 1, shear: 0, rotation: 0 }, PEN, 0);
  const box = glyphInkBox(image);
  const scale = height / (box.y1 - box.y0);
  const at = (u: number, v: number): [number, number] => [70 + (u - (box.x0 + box.x1) / 2) * scale, 70 + (v - (box.y0 + box.y1) / 2) * scale];
  return { canvas, scale, at };
}

/** Share of canvas pixels within `radius` of a point that carry ink. */
function inkedShare(canvas: InkCanvas, [cx, cy]: [number, number], radius: number): number {
  let inside = 0;
  let inked = 0;
  for (let y = Math.floor(cy - radius); y <= Math.ceil(cy + radius); y++) {
    for (let x = Math.floor(cx - radius); x <= Math.ceil(cx + radius); x++) {
      if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) > radius) continue;
      inside++;
      if (canvas.lum[y * canvas.width + x] < PAPER / 2) inked++;
    }
  }
  return inked / inside;
}

describe('stampGlyph', () => {
  it('redraws an ordinary glyph along its centre line at the pen width (a ring keeps its hole)', () => {
    // A "0": a ring of MNIST-like thickness (about 3 px of 28).
    const ring = glyph((x, y) => Math.abs(Math.hypot((x - 14) / 0.75, y - 14) - 9) < 1.6);
    const { canvas, scale, at } = stamp(ring, 60);
    // The hole stays paper, the stroke on the ring is inked, and the ink is a pen line, not the thick outline.
    expect(inkedShare(canvas, at(14, 14), 5 * scale)).toBe(0);
    expect(inkedShare(canvas, at(14, 5), 1)).toBe(1);
    let inked = 0;
    for (const v of canvas.lum) if (v < PAPER / 2) inked++;
    let outline = 0;
    for (const v of ring) if (v > 0) outline++;
    expect(inked).toBeLessThan(0.6 * outline * scale * scale);
  });

  it('keeps a loop written solid: a 6 with a filled loop is not stamped as a "("', () => {
    // A stem from the top right down into a filled disc: thinning turns the disc into a stub the
    // spur pruning removes, which left only the stem before.
    const six = glyph((x, y) => distanceToSegment(x, y, [17, 3], [9, 16]) < 1.8 || Math.hypot(x - 13, y - 18.5) < 6);
    for (const height of [36, 50, 70]) {
      const { canvas, scale, at } = stamp(six, height);
      expect(inkedShare(canvas, at(13, 18.5), 4 * scale)).toBeGreaterThan(0.9);
      // The stem is still there too.
      expect(inkedShare(canvas, at(15, 6), 0.8 * scale)).toBeGreaterThan(0.3);
    }
  });
});
