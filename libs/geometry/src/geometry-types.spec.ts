import { geometryVertices } from './geometry-types';

describe('geometryVertices', () => {
  it('lists every vertex of each geometry kind in document order', () => {
    expect(geometryVertices({ type: 'Point', coordinates: [1, 2] })).toEqual([[1, 2]]);
    expect(
      geometryVertices({
        type: 'LineString',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      }),
    ).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(
      geometryVertices({
        type: 'MultiLineString',
        coordinates: [
          [[1, 2]],
          [
            [3, 4],
            [5, 6],
          ],
        ],
      }),
    ).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    const ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(geometryVertices({ type: 'Polygon', coordinates: [ring, [[0.2, 0.2]]] })).toEqual([...ring, [0.2, 0.2]]);
    expect(geometryVertices({ type: 'MultiPolygon', coordinates: [[ring], [[[9, 9]]]] })).toEqual([...ring, [9, 9]]);
  });
});
