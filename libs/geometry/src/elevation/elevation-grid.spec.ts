import { haversineDistance } from '../geodesy';
import { buildElevationGrid, elevationGridCellCenter, layoutElevationGrid, sampleElevationGrid } from './elevation-grid';

describe('elevation grids', () => {
  const bbox: [number, number, number, number] = [-79.2, 35.44, -79.19, 35.45];

  it('lays whole cells of the nominal size over the bbox, grown symmetrically', () => {
    const layout = layoutElevationGrid(bbox, 4);
    expect(layout.west).toBeLessThanOrEqual(bbox[0]);
    expect(layout.east).toBeGreaterThanOrEqual(bbox[2]);
    expect(layout.west + layout.east).toBeCloseTo(bbox[0] + bbox[2], 12);
    const cellEastWest = haversineDistance(elevationGridCellCenter(layout, 0, 0), elevationGridCellCenter(layout, 0, 1));
    const cellNorthSouth = haversineDistance(elevationGridCellCenter(layout, 0, 0), elevationGridCellCenter(layout, 1, 0));
    expect(cellEastWest).toBeCloseTo(4, 1);
    expect(cellNorthSouth).toBeCloseTo(4, 6);
    expect(layout.width).toBe(Math.ceil(haversineDistance([bbox[0], 35.445], [bbox[2], 35.445]) / 4));
  });

  it('stores row 0 at the north edge and samples bilinearly between cell centres', () => {
    // A tilted plane: rises 1 m per 0.0001 deg north and 0.5 m per 0.0001 deg east.
    const plane = (lon: number, lat: number) => (lat - 35.44) * 10_000 + (lon + 79.2) * 5_000;
    const grid = buildElevationGrid(bbox, 5, 'plane', plane);
    expect(grid.values[0] as number).toBeGreaterThan(grid.values[(grid.height - 1) * grid.width] as number);
    expect(grid.values.length).toBe(grid.width * grid.height);
    expect(sampleElevationGrid(grid, -79.1951, 35.4437)).toBeCloseTo(plane(-79.1951, 35.4437), 6);
    expect(sampleElevationGrid(grid, -79.3, 35.445)).toBeNull();
  });

  it('returns null next to an empty cell', () => {
    const grid = buildElevationGrid(bbox, 50, 'holes', (lon) => (lon < -79.195 ? null : 10));
    const [lon, lat] = elevationGridCellCenter(grid, 3, grid.width - 2);
    expect(sampleElevationGrid(grid, lon, lat)).toBe(10);
    expect(sampleElevationGrid(grid, -79.1999, 35.445)).toBeNull();
  });

  it('refuses a bbox without area, a non-positive resolution and oversized grids', () => {
    expect(() => layoutElevationGrid([0, 0, 0, 1], 5)).toThrow(expect.objectContaining({ code: 'grid-bbox-invalid' }));
    expect(() => layoutElevationGrid(bbox, 0)).toThrow(expect.objectContaining({ code: 'grid-resolution-invalid' }));
    expect(() => layoutElevationGrid([-80, 35, -79, 36], 1)).toThrow(expect.objectContaining({ code: 'grid-too-large' }));
  });
});
