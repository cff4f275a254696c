import type { CourseFeature } from '@caddie/catalog';
import { fairwayPatternSpec } from './turf-patterns';
import { keepColoredPencilPath, keepTraditionalSegment } from './segment-classes';

const road = (kind: string, layer: 'roads' | 'cart-paths' = 'roads'): CourseFeature => ({
  type: 'Feature',
  id: `f-${kind}`,
  geometry: {
    type: 'LineString',
    coordinates: [
      [0, 0],
      [0.001, 0],
    ],
  },
  properties: { layer, holeNumbers: [], kind, name: null, source: { kind: 'test', id: kind } },
});

describe('transportation segment filters', () => {
  it('Traditional: all keeps every class, small keeps minor and non-motorized, none drops all (rule 4)', () => {
    expect(keepTraditionalSegment(road('primary'), 'all')).toBe(true);
    expect(keepTraditionalSegment(road('primary'), 'small')).toBe(false);
    for (const kind of ['residential', 'unclassified', 'service', 'footway', 'track', 'bridleway'])
      expect(keepTraditionalSegment(road(kind), 'small')).toBe(true);
    expect(keepTraditionalSegment(road('residential'), 'none')).toBe(false);
  });

  it('Colored Pencil: only service and non-motorized paths; none omits them (rule 3)', () => {
    for (const kind of ['service', 'pedestrian', 'footway', 'steps', 'path', 'track', 'cycleway', 'bridleway'])
      expect(keepColoredPencilPath(road(kind), 'small')).toBe(true);
    expect(keepColoredPencilPath(road('residential'), 'small')).toBe(false);
    expect(keepColoredPencilPath(road('cartpath', 'cart-paths'), 'small')).toBe(true);
    expect(keepColoredPencilPath(road('footway'), 'none')).toBe(false);
  });
});

describe('fairway patterns (rule 8)', () => {
  it('band widths are 7.2, 3.8 and 2 metres; blank patterns are unpatterned', () => {
    expect(fairwayPatternSpec('large-stripes')).toEqual({ kind: 'stripes', bandMeters: 7.2 });
    expect(fairwayPatternSpec('medium-checks')).toEqual({ kind: 'checks', bandMeters: 3.8 });
    expect(fairwayPatternSpec('small-stripes')).toEqual({ kind: 'stripes', bandMeters: 2 });
    expect(fairwayPatternSpec('blank-v2').kind).toBe('none');
  });
});
