import { WEB_MERCATOR_MAX_LATITUDE, lonLatToWorldPixel, metersPerPixel, tileBounds, tileForLonLat, tileRangeForBBox, worldPixelToLonLat } from './web-mercator';

describe('Web Mercator', () => {
  it('puts 0,0 at the centre of the zoom-0 tile for both tile sizes', () => {
    expect(lonLatToWorldPixel([0, 0], 0)).toEqual([128, 128]);
    expect(lonLatToWorldPixel([0, 0], 0, 512)).toEqual([256, 256]);
    const [x, y] = lonLatToWorldPixel([-180, WEB_MERCATOR_MAX_LATITUDE], 0);
    expect(x).toBeCloseTo(0, 9);
    expect(y).toBeCloseTo(0, 6);
  });

  it('round-trips pixels and lon/lat', () => {
    const p = lonLatToWorldPixel([-82.0243, 33.5029], 17, 512);
    const back = worldPixelToLonLat(p, 17, 512);
    expect(back[0]).toBeCloseTo(-82.0243, 10);
    expect(back[1]).toBeCloseTo(33.5029, 10);
  });

  it('finds known tiles: Edinburgh at z10 and Greenwich at z1', () => {
    // 55.9533 N, 3.1883 W -> z10 tile 502/319 (from the OSM slippy-map formula with asinh(tan(lat))).
    expect(tileForLonLat([-3.1883, 55.9533], 10)).toEqual({ x: 502, y: 319, zoom: 10 });
    expect(tileForLonLat([-0.0015, 51.4779], 1)).toEqual({ x: 0, y: 0, zoom: 1 });
    expect(tileForLonLat([0.0015, -10], 1)).toEqual({ x: 1, y: 1, zoom: 1 });
  });

  it('gives tile bounds that contain their points and tile ranges for a bbox', () => {
    const [w, s, e, n] = tileBounds(502, 319, 10);
    expect(w).toBeLessThanOrEqual(-3.1883);
    expect(e).toBeGreaterThan(-3.1883);
    expect(s).toBeLessThanOrEqual(55.9533);
    expect(n).toBeGreaterThan(55.9533);
    expect(e - w).toBeCloseTo(360 / 1024, 12);
    expect(tileBounds(0, 0, 0)).toEqual([-180, -WEB_MERCATOR_MAX_LATITUDE, 180, WEB_MERCATOR_MAX_LATITUDE].map((v, i) => expect.closeTo(v, i % 2 ? 9 : 12)));
    const range = tileRangeForBBox([w + 1e-6, s + 1e-6, e + (e - w) / 2, n - 1e-6], 10);
    expect(range).toEqual({ zoom: 10, minX: 502, maxX: 503, minY: 319, maxY: 319 });
    expect(tileRangeForBBox([-180, -85, 180, 85], 2)).toEqual({ zoom: 2, minX: 0, maxX: 3, minY: 0, maxY: 3 });
  });

  it('reports about 156 km per pixel at zoom 0 on the equator', () => {
    expect(metersPerPixel(0, 0)).toBeCloseTo(156_543.03, 1);
  });

  it('rejects bad zooms, tiles and bboxes', () => {
    expect(() => tileBounds(4, 0, 2)).toThrow(expect.objectContaining({ code: 'tile-invalid' }));
    expect(() => tileForLonLat([0, 0], 1.5)).toThrow(expect.objectContaining({ code: 'zoom-invalid' }));
    expect(() => tileRangeForBBox([1, 0, 0, 1], 3)).toThrow(expect.objectContaining({ code: 'bbox-invalid' }));
  });
});
