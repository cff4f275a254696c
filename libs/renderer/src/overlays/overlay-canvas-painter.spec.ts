import { createCanvas } from '@napi-rs/canvas';
import { paintOverlayInstructions } from './overlay-canvas-painter';

const pixel = (data: Uint8ClampedArray, width: number, x: number, y: number) => Array.from(data.slice((y * width + x) * 4, (y * width + x) * 4 + 4));

describe('paintOverlayInstructions', () => {
  it('draws labels on their background box, arrows and polylines where the instructions say', () => {
    const canvas = createCanvas(200, 120);
    const ctx = canvas.getContext('2d');
    paintOverlayInstructions(ctx, [
      {
        kind: 'label',
        at: [10, 10],
        text: '100',
        sizePixels: 20,
        color: '#FFFFFF',
        align: 'left',
        baseline: 'top',
        background: { color: '#000000', opacity: 1 },
        padding: { x: 6, y: 4 },
      },
      {
        kind: 'arrow',
        tail: [120, 60],
        tip: [190, 60],
        shaftWidthPixels: 8,
        headLengthPixels: 20,
        headWidthPixels: 24,
        fill: { color: '#FF0000', opacity: 1 },
      },
      {
        kind: 'polyline',
        points: [
          [10, 100],
          [100, 100],
        ],
        closed: false,
        stroke: { color: '#0000FF', widthPixels: 6, opacity: 1, dash: [], lineCap: 'butt' },
      },
    ]);
    const data = ctx.getImageData(0, 0, 200, 120).data;
    expect(pixel(data, 200, 12, 12)).toEqual([0, 0, 0, 255]); // inside the label box's padding
    expect(pixel(data, 200, 140, 60)).toEqual([255, 0, 0, 255]); // on the shaft
    expect(pixel(data, 200, 140, 67)[3]).toBe(0); // beside the shaft (4 px half width)
    expect(pixel(data, 200, 174, 67)).toEqual([255, 0, 0, 255]); // inside the wider head, near its base
    expect(pixel(data, 200, 50, 100)).toEqual([0, 0, 255, 255]);
    expect(pixel(data, 200, 50, 106)[3]).toBe(0);
  });

  it("draws a line's end caps as discs (dot) or as arrow heads pointing outward (point)", () => {
    const canvas = createCanvas(200, 100);
    const ctx = canvas.getContext('2d');
    const stroke = { color: '#000000', widthPixels: 2, opacity: 1, dash: [], lineCap: 'butt' as const };
    paintOverlayInstructions(ctx, [
      { kind: 'line', from: [30, 25], to: [170, 25], stroke, endCaps: { shape: 'dot', sizePixels: 20, color: '#FF0000' } },
      { kind: 'line', from: [30, 75], to: [170, 75], stroke, endCaps: { shape: 'point', sizePixels: 20, color: '#0000FF' } },
    ]);
    const data = ctx.getImageData(0, 0, 200, 100).data;
    // a disc of radius 10 about each end: 8 px above the end is inside, so is 8 px beyond it
    expect(pixel(data, 200, 30, 17)).toEqual([255, 0, 0, 255]);
    expect(pixel(data, 200, 22, 25)).toEqual([255, 0, 0, 255]);
    // an arrow head: its tip is the end, its 18 px wide base 20 px back along the line
    expect(pixel(data, 200, 160, 78)).toEqual([0, 0, 255, 255]);
    expect(pixel(data, 200, 153, 70)).toEqual([0, 0, 255, 255]); // near the base, off the line
    expect(pixel(data, 200, 168, 67)[3]).toBe(0); // near the tip the head is narrow
    expect(pixel(data, 200, 26, 75)[3]).toBe(0); // nothing beyond the end (a disc would cover it)
    expect(pixel(data, 200, 47, 81)).toEqual([0, 0, 255, 255]); // the other end's head points the other way
  });
});
