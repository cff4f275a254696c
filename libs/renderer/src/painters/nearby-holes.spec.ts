import type { CourseFeature } from '@caddie/catalog';
import { shownWithSubject } from './nearby-holes';
import type { PaintContext } from './paint-context';

const bunker = (holeNumbers: number[]) =>
  ({
    type: 'Feature',
    id: 'way/1',
    geometry: { type: 'Polygon', coordinates: [] },
    properties: { layer: 'bunkers', holeNumbers, kind: null, name: null, source: { kind: 'osm', id: 'way/1' } },
  }) as unknown as CourseFeature;
const context = (subject: string, nearbyHoles?: string) =>
  ({ subject, style: { nearbyHoles }, scene: { onSubject: (f: CourseFeature) => f.properties.holeNumbers.includes(13) } }) as unknown as PaintContext;

describe('shownWithSubject', () => {
  it("hides another hole's bunker in a hole view whose neighbours are hidden, keeps its own and unassigned ones", () => {
    expect(shownWithSubject(context('hole'), bunker([12]))).toBe(false);
    expect(shownWithSubject(context('hole'), bunker([12, 13]))).toBe(true);
    expect(shownWithSubject(context('hole'), bunker([]))).toBe(true);
  });

  it('shows every bunker when neighbours are drawn, and in course views', () => {
    expect(shownWithSubject(context('hole', 'stroked'), bunker([12]))).toBe(true);
    expect(shownWithSubject(context('course'), bunker([12]))).toBe(true);
  });
});
