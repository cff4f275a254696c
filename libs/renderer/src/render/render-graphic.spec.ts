import { generateDemoCourses, type Course } from '@caddie/catalog';
import sharp from 'sharp';
import { parseGraphicsQuery } from '@caddie/styles';
import { GraphicDataMissingError } from './graphic-data-missing-error';
import { OutputSizeError } from './image-encoder';
import { renderGraphic } from './render-graphic';
import { composeGreen } from '../composition/green-composition';
import { ViewScene } from './view-scene';
import { projectWithSidecar, unprojectWithSidecar } from './spatial-sidecar';

let pine: Course;
let cedar: Course;
const ctx = (c: Course) => ({ classification: c.classification, country: c.location.country, region: c.location.region });

beforeAll(() => {
  [pine, cedar] = generateDemoCourses();
});

describe('renderGraphic', () => {
  // renders of real demo holes: allow for a busy shared machine
  jest.setTimeout(30_000);

  it('is deterministic: the same request and course give identical bytes', async () => {
    const request = parseGraphicsQuery('hole-4', 'webp', { width: '360', height: '600' }, ctx(cedar));
    const [a, b] = [await renderGraphic(cedar, request), await renderGraphic(cedar, request)];
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(JSON.stringify(a.sidecar)).toBe(JSON.stringify(b.sidecar));
  });

  it('encodes each format with its content type and the requested size', async () => {
    for (const [format, type] of [
      ['webp', 'image/webp'],
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      const r = await renderGraphic(cedar, parseGraphicsQuery('green-2', format, { width: '400', height: '320' }, ctx(cedar)));
      expect(r.contentType).toBe(type);
      const meta = await sharp(r.bytes).metadata();
      expect(meta.format).toBe(format);
      expect([meta.width, meta.height]).toEqual([400, 320]);
    }
  });

  it('keeps alpha for transparent paper in PNG and WebP, composites JPEG over white', async () => {
    const query = { width: '320', height: '534', paperTheme: 'transparent' };
    const png = await renderGraphic(cedar, parseGraphicsQuery('hole-1', 'png', query, ctx(cedar)));
    const raw = await sharp(png.bytes).ensureAlpha().raw().toBuffer();
    expect(raw[3]).toBe(0); // the top-left corner lies outside the perimeter
    const webp = await renderGraphic(cedar, parseGraphicsQuery('hole-1', 'webp', query, ctx(cedar)));
    expect((await sharp(webp.bytes).metadata()).hasAlpha).toBe(true);
    const jpeg = await renderGraphic(cedar, parseGraphicsQuery('hole-1', 'jpeg', query, ctx(cedar)));
    const corner = await sharp(jpeg.bytes).extract({ left: 0, top: 0, width: 4, height: 4 }).raw().toBuffer();
    expect(Math.min(...corner)).toBeGreaterThan(245);
    const opaque = await renderGraphic(cedar, parseGraphicsQuery('hole-1', 'png', { width: '320', height: '534' }, ctx(cedar)));
    expect((await sharp(opaque.bytes).metadata()).hasAlpha).toBe(false);
  });

  it('sidecar: the green centre projects inside the image next to the flag, and the transform inverts', async () => {
    const r = await renderGraphic(pine, parseGraphicsQuery('hole-7', 'png', { width: '400', height: '667' }, ctx(pine)));
    const hole = pine.holes.find((h) => h.number === 7)!;
    const sidecar = JSON.parse(JSON.stringify(r.sidecar));
    const [x, y] = projectWithSidecar(sidecar, hole.greenCenter!);
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(400);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(667);
    const [fx, fy] = sidecar.anchors.flag;
    expect(Math.hypot(x - fx, y - fy)).toBeLessThan(25);
    expect(y).toBeLessThan(sidecar.anchors.tee[1]);
    const back = unprojectWithSidecar(sidecar, [x, y]);
    expect(back[0]).toBeCloseTo(hole.greenCenter![0], 9);
    expect(back[1]).toBeCloseTo(hole.greenCenter![1], 9);
    expect(sidecar.output).toEqual({ width: 400, height: 667, format: 'png' });
  });

  it('profile subjects carry the profile presentation and no map projection', async () => {
    const r = await renderGraphic(pine, parseGraphicsQuery('profile-elevation-3', 'png', {}, ctx(pine)));
    expect(r.sidecar.projection).toBeNull();
    expect(r.sidecar.profileElevation?.presentation).toMatchObject({ teeMarkerSizePixels: 18 });
    expect(() => projectWithSidecar(r.sidecar, [0, 0])).toThrow(/side view/);
  });

  it('throws GraphicDataMissingError for a missing hole, green or elevation', async () => {
    await expect(renderGraphic(pine, parseGraphicsQuery('hole-19', 'png', {}, ctx(pine)))).rejects.toMatchObject({ code: 'hole-not-found', status: 422 });
    const noGreen: Course = { ...pine, holes: pine.holes.map((h) => (h.number === 2 ? { ...h, greenFeatureId: null } : h)) };
    await expect(renderGraphic(noGreen, parseGraphicsQuery('green-2', 'png', {}, ctx(pine)))).rejects.toBeInstanceOf(GraphicDataMissingError);
    const flat: Course = { ...pine, elevation: { ground: null, greens: {}, trees: null } };
    await expect(renderGraphic(flat, parseGraphicsQuery('green-2', 'png', { heatmap: 'elevation' }, ctx(pine)))).rejects.toMatchObject({
      code: 'elevation-missing',
    });
    await expect(renderGraphic(flat, parseGraphicsQuery('profile-elevation-2', 'png', {}, ctx(pine)))).rejects.toMatchObject({ code: 'elevation-missing' });
  });

  it('rejects output sizes outside the limits', async () => {
    const request = parseGraphicsQuery('hole-1', 'png', { width: '320', height: '534' }, ctx(pine));
    await expect(renderGraphic(pine, { ...request, output: { ...request.output, width: 8001 } })).rejects.toBeInstanceOf(OutputSizeError);
    await expect(renderGraphic(pine, { ...request, output: { ...request.output, width: 8000, height: 5000 } })).rejects.toBeInstanceOf(OutputSizeError);
  });

  it('draws only features whose bounds meet the view', () => {
    // a green view covers a few dozen metres: most of the course must not be in the scene
    const hole = pine.holes[0];
    const c = composeGreen(pine, hole, parseGraphicsQuery('green-1', 'png', { width: '400', height: '400' }, ctx(pine)));
    const scene = new ViewScene(pine, c.transform, 400, 400, 1, 'x');
    expect(scene.features.length).toBeLessThan(pine.features.length / 4);
    expect(scene.features.some((f) => f.id === hole.greenFeatureId)).toBe(true);
  });
});
