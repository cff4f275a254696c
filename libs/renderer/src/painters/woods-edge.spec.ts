import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { maskKeepingWoods, woodsCut } from './woods-edge';

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

describe('woods cut at the feathered perimeter', () => {
  it('cuts at the feather midline, sharp within a few pixels: no faded band', () => {
    const cut = woodsCut(softMask(), 400, 100);
    const row = alphaRow(cut.inside, 50);
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
    const cut = woodsCut(soft, 400, 100);
    const wood = createCanvas(400, 100);
    const wctx = wood.getContext('2d');
    wctx.fillStyle = '#2e5e2e';
    wctx.fillRect(100, 0, 45, 50);
    cut.footprints.push(wood);
    const mask = maskKeepingWoods(soft, cut, 400, 100);
    const inWood = alphaRow(mask, 25);
    const beside = alphaRow(mask, 75);
    expect(inWood.slice(100, 145).every((a) => a === 255)).toBe(true);
    // below the wood the feather is untouched: partly transparent where the wood was whole
    expect(beside[140]).toBeLessThan(200);
    expect(beside[140]).toBeGreaterThan(60);
  });
});
