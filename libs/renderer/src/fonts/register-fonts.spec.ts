import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { font, FONT_FAMILY, registerFonts } from './register-fonts';

describe('registerFonts', () => {
  it('registers the packaged families and draws text with them', () => {
    registerFonts();
    registerFonts();
    const families = GlobalFonts.families.map((f) => f.family);
    for (const family of Object.values(FONT_FAMILY)) expect(families).toContain(family);
    const ctx = createCanvas(200, 40).getContext('2d');
    ctx.font = font('mono', 20);
    const mono = ctx.measureText('MMMM').width;
    ctx.font = font('mono', 20);
    expect(ctx.measureText('iiii').width).toBeCloseTo(mono, 5); // monospaced
    ctx.font = font('sans', 20, 'bold');
    expect(ctx.measureText('iiii').width).toBeLessThan(ctx.measureText('MMMM').width);
  });
});
