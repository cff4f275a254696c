import { generateDemoCourses } from '@caddie/catalog';
import { FIRST_VIEW_LAYERS, mapFeatures } from './console-map-features';

describe('the first view of a console course map', () => {
  const course = generateDemoCourses()[0];

  it('keeps every feature of the first-view layers, with its layer and its coordinates to 1e-6 degrees', () => {
    const collection = mapFeatures(course);
    const expected = course.features.filter((f) => (FIRST_VIEW_LAYERS as readonly string[]).includes(f.properties.layer));
    expect(collection.features.length).toBe(expected.length);
    expect(new Set(collection.features.map((f) => f.properties.layer))).toEqual(new Set(expected.map((f) => f.properties.layer)));
    expect(collection.features.map((f) => f.properties.layer)).toContain('greens');
    const original = expected[0].geometry as unknown as { coordinates: number[][][] };
    const kept = collection.features[0].geometry as unknown as { coordinates: number[][][] };
    const [lon, lat] = original.coordinates.flat(3) as number[];
    const [keptLon, keptLat] = kept.coordinates.flat(3) as number[];
    expect(Math.abs(keptLon - lon)).toBeLessThanOrEqual(5e-7);
    expect(Math.abs(keptLat - lat)).toBeLessThanOrEqual(5e-7);
    expect(keptLon).toBe(Math.round(lon * 1e6) / 1e6);
  });

  it('leaves out roads, buildings and the other context layers', () => {
    const layers = new Set(mapFeatures(course).features.map((f) => f.properties.layer));
    for (const layer of ['roads', 'buildings', 'parking', 'cart-paths'] as const) expect(layers.has(layer)).toBe(false);
  });
});
