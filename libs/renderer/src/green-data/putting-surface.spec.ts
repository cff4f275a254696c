import { generateDemoCourses, type CourseFeature } from '@caddie/catalog';
import { createCanvas } from '@napi-rs/canvas';
import type { MultiPolygon, Polygon } from 'geojson';
import { paintDownhillArrows } from './downhill-arrow-painter';
import { paintElevationHeatmap } from './elevation-heatmap-painter';
import { GreenDataError } from './green-data-error';
import { buildPuttingSurface, puttingCellCenter, PUTTING_SURFACE_CELL_METERS } from './putting-surface';
import { puttingSurfaceStatistics } from './putting-surface-statistics';
import { circleGreen, circleRing, flat, frame, GREEN_RADIUS_METERS, syntheticGrid, tiltedEastWest } from './synthetic-green.fixture';

describe('buildPuttingSurface', () => {
  const green = circleGreen();
  const tilted = buildPuttingSurface(green, syntheticGrid(tiltedEastWest));

  it('lays 2-foot cells over the green and masks the ones inside it', () => {
    expect(tilted.cellSizeMeters).toBeCloseTo(0.6096, 6);
    const insideCount = tilted.insideGreen.reduce((a, b) => a + b, 0);
    const expected = (Math.PI * GREEN_RADIUS_METERS ** 2) / PUTTING_SURFACE_CELL_METERS ** 2;
    expect(Math.abs(insideCount - expected) / expected).toBeLessThan(0.03);
    for (let row = 0; row < tilted.rows; row++) {
      for (let col = 0; col < tilted.columns; col++) {
        const [x, y] = puttingCellCenter(tilted, row, col);
        const local = frame.toMeters(tilted.projection.toLonLat([x, y]));
        const r = Math.hypot(local[0], local[1]);
        // the 96-gon sits within 7 mm of the circle
        if (r < GREEN_RADIUS_METERS - 0.05) expect(tilted.insideGreen[row * tilted.columns + col]).toBe(1);
        if (r > GREEN_RADIUS_METERS + 0.05) expect(tilted.insideGreen[row * tilted.columns + col]).toBe(0);
      }
    }
  });

  it('gives every cell of a plane rising east the eastward gradient, within the 6-foot difference', () => {
    let checked = 0;
    for (let i = 0; i < tilted.elevation.length; i++) {
      if (!tilted.insideGreen[i]) continue;
      expect(tilted.gradientEast[i]).toBeCloseTo(0.03, 4);
      expect(Math.abs(tilted.gradientNorth[i])).toBeLessThan(1e-4);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('respects holes and separate parts of a multipolygon', () => {
    const donutAndIsland: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [[circleRing(0, 0, 10), circleRing(0, 0, 4)], [circleRing(20, 0, 3)]],
    };
    const surface = buildPuttingSurface(donutAndIsland, syntheticGrid(flat, donutAndIsland));
    const insideAt = (x: number, y: number) => {
      const [lx, ly] = surface.projection.toMeters(frame.toLonLat([x, y]));
      const col = Math.floor((lx - surface.westMeters) / surface.cellSizeMeters);
      const row = Math.floor((surface.northMeters - ly) / surface.cellSizeMeters);
      return surface.insideGreen[row * surface.columns + col];
    };
    expect(insideAt(0, 0)).toBe(0);
    expect(insideAt(7, 0)).toBe(1);
    expect(insideAt(0, -7)).toBe(1);
    expect(insideAt(14, 0)).toBe(0);
    expect(insideAt(20, 0)).toBe(1);
  });

  it('raises typed errors for an unusable outline and a grid that misses the green', () => {
    const broken = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0, 0],
        ],
      ],
    } as Polygon;
    expect(() => buildPuttingSurface(broken, syntheticGrid(flat))).toThrow(expect.objectContaining({ code: 'green-polygon-invalid' }));
    const elsewhere = { ...syntheticGrid(flat), west: 10, east: 10.01, south: 50, north: 50.01 };
    let caught: unknown;
    try {
      buildPuttingSurface(green, elsewhere);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GreenDataError);
    expect((caught as GreenDataError).code).toBe('green-elevation-missing');
  });
});

describe('normalization', () => {
  it('puts the dominant elevation of a plain tilt at its middle, with a relief-based meaningful band', () => {
    const { normalization } = buildPuttingSurface(circleGreen(), syntheticGrid(tiltedEastWest));
    expect(normalization.dominant).toBeGreaterThan(10 - 0.05);
    expect(normalization.dominant).toBeLessThan(10 + 0.05);
    expect(normalization.minimum).toBeCloseTo(10 - 0.36, 1);
    expect(normalization.maximum).toBeCloseTo(10 + 0.36, 1);
    expect(normalization.meaningfulOffset).toBeGreaterThan(0.05);
    expect(normalization.meaningfulOffset).toBeLessThan(0.2);
  });

  it('puts the dominant elevation of a two-tier green on the larger tier, not between them', () => {
    // the upper tier is the eastern third of the green, 0.4 m higher
    const tiered = (x: number) => 10 + 0.4 / (1 + Math.exp(-(x - 5) / 0.4));
    const { normalization } = buildPuttingSurface(circleGreen(), syntheticGrid(tiered));
    expect(Math.abs(normalization.dominant - 10)).toBeLessThan(0.04);
  });
});

describe('puttingSurfaceStatistics', () => {
  it('reads a 3 % westward fall off a plane rising east', () => {
    const stats = puttingSurfaceStatistics(buildPuttingSurface(circleGreen(), syntheticGrid(tiltedEastWest)));
    expect(stats.slopePercentMedian).toBeCloseTo(3, 2);
    expect(stats.slopePercentMax).toBeCloseTo(3, 2);
    expect(stats.dominantDownhillBearing).toBeCloseTo(270, 1);
    expect(stats.downhillConsistency).toBeCloseTo(1, 3);
    // 24 m across at 3 %: 0.72 m, less a cell at either edge
    expect(stats.elevationRangeFeet).toBeGreaterThan(2.2);
    expect(stats.elevationRangeFeet).toBeLessThan(2.37);
    expect(stats.areaSquareMeters).toBeCloseTo(Math.PI * GREEN_RADIUS_METERS ** 2, -1);
  });

  it('gives a flat green no slope and no downhill bearing', () => {
    const stats = puttingSurfaceStatistics(buildPuttingSurface(circleGreen(), syntheticGrid(flat)));
    expect(stats.slopePercentMax).toBeLessThan(1e-6);
    expect(stats.elevationRangeFeet).toBeLessThan(1e-6);
    expect(stats.dominantDownhillBearing).toBeNull();
  });

  it('finds no common fall on a dome, whose slopes cancel', () => {
    const dome = (x: number, y: number) => 10 - 0.002 * (x * x + y * y);
    const stats = puttingSurfaceStatistics(buildPuttingSurface(circleGreen(), syntheticGrid(dome)));
    expect(stats.slopePercentMax).toBeGreaterThan(3.5);
    expect(stats.dominantDownhillBearing).toBeNull();
  });
});

describe('a demo course green', () => {
  const course = generateDemoCourses()[0];
  const feature = course.features.find((f) => f.properties.layer === 'greens' && f.properties.holeNumbers.includes(1)) as CourseFeature;
  const grid = course.elevation.greens['1'];

  it('has plausible putting-surface figures and paints both layers', () => {
    const surface = buildPuttingSurface(feature.geometry as Polygon | MultiPolygon, grid);
    const stats = puttingSurfaceStatistics(surface);
    console.info(`demo green 1: ${JSON.stringify(stats, (_k, v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v))}`);
    expect(stats.areaSquareMeters).toBeGreaterThan(200);
    expect(stats.areaSquareMeters).toBeLessThan(1500);
    expect(stats.slopePercentMedian).toBeGreaterThan(0.5);
    expect(stats.slopePercentMedian).toBeLessThan(6);
    // the demo relief has false fronts of up to ~20 %; anything steeper would be a gradient bug
    expect(stats.slopePercentMax).toBeLessThan(30);
    expect(stats.elevationRangeFeet).toBeGreaterThan(0.5);
    expect(stats.elevationRangeFeet).toBeLessThan(10);

    const canvas = createCanvas(400, 400);
    const ctx = canvas.getContext('2d');
    const center = surface.projection.origin;
    const project = (lon: number, lat: number): [number, number] => {
      const [x, y] = frame.toMeters([lon, lat]);
      const [ox, oy] = frame.toMeters(center);
      return [200 + (x - ox) * 8, 200 - (y - oy) * 8];
    };
    paintElevationHeatmap(ctx, surface, project, { opacity: 0.42 });
    const heatmapPixels = countPainted(ctx.getImageData(0, 0, 400, 400).data);
    paintDownhillArrows(ctx, surface, project, { layout: 'fluid', density: 'medium', color: 'dark', opacity: 1, pixelsPerMeter: 8 });
    const allPixels = countPainted(ctx.getImageData(0, 0, 400, 400).data);
    expect(heatmapPixels).toBeGreaterThan(1000);
    expect(allPixels).toBeGreaterThan(heatmapPixels);
  });
});

function countPainted(data: Uint8ClampedArray): number {
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
  return n;
}
