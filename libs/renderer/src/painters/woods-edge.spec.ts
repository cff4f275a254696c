import { createCanvas, Path2D, type Canvas } from '@napi-rs/canvas';
import { featherLevelRegion } from './feather-raster';
import { applyFeatheredMask, featherRaster } from './perimeter-mask';
import { outsideOf } from './pixel-regions';
import { passesKeepingWoods, woodsCut } from './woods-edge';

// A soft perimeter mask that fades left to right over 100 output pixels (mask at a tenth of the size).
function softMask() {
  const mask = createCanvas(40, 10);
  const ctx = mask.getContext('2d');
  const ramp = ctx.createLinearGradient(10, 0, 20, 0);
  ramp.addColorStop(0, 'rgba(255,255,255,1)');
  ramp.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = ramp;
  ctx.fillRect(0, 0, 40, 10);
  return mask;
}
const alphaRow = (canvas: Canvas, y: number) => {
  const data = canvas.getContext('2d').getImageData(0, y, canvas.width, 1).data;
  return Array.from({ length: canvas.width }, (_, x) => data[x * 4 + 3]);
};
function opaque(width: number, height: number): Canvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2e5e2e';
  ctx.fillRect(0, 0, width, height);
  return canvas;
}

describe('woods cut at the feathered perimeter', () => {
  it('cuts at the feather midline, sharp within a few pixels: no faded band', () => {
    const inside = featherLevelRegion(featherRaster(softMask(), 400, 100), 127.5);
    const canvas = createCanvas(400, 100);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fill(inside);
    const row = alphaRow(canvas, 50);
    const partial = row.filter((a) => a > 0 && a < 255).length;
    expect(partial).toBeLessThanOrEqual(3);
    const edge = row.findIndex((a) => a < 128);
    // the soft mask crosses 1/2 half way through its ramp (x = 150)
    expect(Math.abs(edge - 150)).toBeLessThanOrEqual(6);
    expect(row.slice(0, 140).every((a) => a === 255)).toBe(true);
    expect(row.slice(160).every((a) => a === 0)).toBe(true);
  });

  it('keeps the cut woods whole under the perimeter mask, and the rest feathered', () => {
    const soft = softMask();
    const raster = featherRaster(soft, 400, 100);
    const cut = woodsCut(raster);
    // a wood reaching from x = 100 to 200 across the midline, in the top half
    const wood = new Path2D();
    wood.rect(100, 0, 100, 50);
    cut.inside = featherLevelRegion(raster, 127.5, { x0: 100, y0: 0, x1: 200, y1: 50 });
    cut.offWoods.push(outsideOf(wood, 400, 100));
    const canvas = opaque(400, 100);
    applyFeatheredMask(canvas.getContext('2d'), soft, raster, passesKeepingWoods(cut));
    const plain = opaque(400, 100);
    applyFeatheredMask(plain.getContext('2d'), soft, raster);
    const inWood = alphaRow(canvas, 25);
    const beside = alphaRow(canvas, 75);
    const feathered = alphaRow(plain, 25);
    // inside the cut the wood is whole
    expect(inWood.slice(100, 145).every((a) => a === 255)).toBe(true);
    // beyond the cut, and beside the wood, the feather is as it is without woods
    expect(inWood.slice(156, 200)).toEqual(feathered.slice(156, 200));
    expect(beside).toEqual(feathered);
    expect(beside[140]).toBeLessThan(200);
    expect(beside[140]).toBeGreaterThan(60);
  });
});

describe('feathered mask applied where it changes something', () => {
  it('matches a destination-in pass of the upscaled mask over the whole canvas', () => {
    // a mask with opaque, clear and partial parts, drawn at an awkward scale (texels not whole pixels)
    const mask = createCanvas(37, 23);
    const m = mask.getContext('2d');
    m.fillStyle = '#fff';
    m.filter = 'blur(2px)';
    m.beginPath();
    m.arc(16, 12, 8, 0, Math.PI * 2);
    m.rect(26, 2, 6, 18);
    m.fill();
    const [width, height] = [301, 187];
    const banded = opaque(width, height);
    applyFeatheredMask(banded.getContext('2d'), mask, featherRaster(mask, width, height));
    const full = opaque(width, height);
    const f = full.getContext('2d');
    f.globalCompositeOperation = 'destination-in';
    f.imageSmoothingEnabled = true;
    f.imageSmoothingQuality = 'low';
    f.drawImage(mask, 0, 0, width, height);
    const a = banded.getContext('2d').getImageData(0, 0, width, height).data;
    const b = f.getImageData(0, 0, width, height).data;
    let worst = 0;
    let partial = 0;
    for (let i = 3; i < a.length; i += 4) {
      worst = Math.max(worst, Math.abs(a[i] - b[i]));
      if (b[i] > 0 && b[i] < 255) partial++;
    }
    expect(partial).toBeGreaterThan(1000);
    expect(worst).toBeLessThanOrEqual(1);
  });
});
