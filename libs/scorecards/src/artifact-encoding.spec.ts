import sharp from 'sharp';
import { applyHomography, toGrey, type Point } from '@caddie/fiducials';
import { surfaceToPhoto } from '@caddie/synthesis';
import { diagnosticBackdrop } from './artifact-encoding';
import { normalizePhoto } from './normalize-photo';
import { photograph, placeCard } from './testing/photo-scenes';

jest.setTimeout(60_000);

function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sa = 0,
    sb = 0,
    saa = 0,
    sbb = 0,
    sab = 0;
  const n = a.length;
  for (let i = 0; i < n; i++) {
    sa += a[i];
    sb += b[i];
    saa += a[i] * a[i];
    sbb += b[i] * b[i];
    sab += a[i] * b[i];
  }
  return (n * sab - sa * sb) / Math.sqrt((n * saa - sa * sa) * (n * sbb - sb * sb));
}

describe('marker diagnostic JPEG', () => {
  it('keeps a one-channel backdrop one channel when it shrinks the photo', async () => {
    const data = new Uint8Array(3000 * 2000);
    for (let y = 0; y < 2000; y++) data.fill(y < 1000 ? 20 : 230, y * 3000, (y + 1) * 3000);
    const { grey, scale } = await diagnosticBackdrop({ data, width: 3000, height: 2000, channels: 1 });
    expect([grey.width, grey.height, grey.data.length, scale]).toEqual([1600, 1067, 1600 * 1067, 1600 / 3000]);
    // Top half dark, bottom half light: a three-band buffer read as one band would not keep that.
    expect(grey.data[200 * 1600 + 1500]).toBeLessThan(40);
    expect(grey.data[900 * 1600 + 100]).toBeGreaterThan(200);
  });

  it('shows the photo under the boxes: correlates with a reduction of the photo, marker boxes enclose dark modules', async () => {
    const card = await placeCard(
      'M9H1/front-nine-page',
      { center: { x: 1200, y: 900 }, widthPx: 1500, tiltDegrees: 20, rotationDegrees: 8 },
      { courseCode: 'K7M2Q' },
    );
    const photo = await photograph([card]);
    const { artifacts } = await normalizePhoto(photo, 4);
    const jpeg = await sharp(artifacts[0].debugImage.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = jpeg.info;
    expect([width, height, channels]).toEqual([1600, 1200, 3]);

    const grey = toGrey(photo);
    const reduced = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
      .resize(width, height)
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    const luminance = new Uint8Array(width * height);
    for (let i = 0; i < luminance.length; i++)
      luminance[i] = Math.round(0.299 * jpeg.data[i * 3] + 0.587 * jpeg.data[i * 3 + 1] + 0.114 * jpeg.data[i * 3 + 2]);
    const r = correlation(luminance, reduced);
    console.log(`diagnostic backdrop vs reduced photo: correlation ${r.toFixed(3)}`);
    expect(r).toBeGreaterThan(0.9);

    // Each printed marker, at its true place in the photo, scaled to the diagnostic.
    const scale = width / photo.width;
    const toPhoto = surfaceToPhoto(card.surface);
    const at = (xMm: number, yMm: number): Point => {
      const p = applyHomography(toPhoto, { x: xMm * 5 - 0.5, y: yMm * 5 - 0.5 });
      return { x: (p.x + 0.5) * scale - 0.5, y: (p.y + 0.5) * scale - 0.5 };
    };
    const pixel = (p: Point) => {
      const i = (Math.round(p.y) * width + Math.round(p.x)) * 3;
      return { r: jpeg.data[i], g: jpeg.data[i + 1], b: jpeg.data[i + 2], lum: luminance[Math.round(p.y) * width + Math.round(p.x)] };
    };
    const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
    for (const marker of card.capture.markers) {
      const { xMm: x, yMm: y, sizeMm: s } = marker;
      const quad = [at(x, y), at(x + s, y), at(x + s, y + s), at(x, y + s)];
      // The box: amber or red strokes along the marker's outline.
      let stroked = 0,
        edgeSamples = 0;
      for (let e = 0; e < 4; e++) {
        for (let t = 0.2; t <= 0.8; t += 0.1) {
          const p = pixel(lerp(quad[e], quad[(e + 1) % 4], t));
          edgeSamples++;
          if (p.r > 170 && p.b < 110 && p.r - p.b > 100) stroked++;
        }
      }
      // Inside it: the marker's dark modules, from the photo.
      const center = lerp(quad[0], quad[2], 0.5);
      let dark = 0,
        insideSamples = 0;
      for (let u = 0.1; u <= 0.9; u += 0.05) {
        for (let v = 0.1; v <= 0.9; v += 0.05) {
          const top = lerp(quad[0], quad[1], u);
          const bottom = lerp(quad[3], quad[2], u);
          insideSamples++;
          if (pixel(lerp(top, bottom, v)).lum < 90) dark++;
        }
      }
      console.log(
        `marker ${marker.role} at (${center.x.toFixed(0)}, ${center.y.toFixed(0)}): ${stroked}/${edgeSamples} outline samples stroked, ${dark}/${insideSamples} inside dark`,
      );
      expect(stroked / edgeSamples).toBeGreaterThan(0.8);
      expect(dark / insideSamples).toBeGreaterThan(0.3);
    }
  });
});
