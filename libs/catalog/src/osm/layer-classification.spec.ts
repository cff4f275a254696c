import { classifyFeature } from './layer-classification';

describe('classifyFeature', () => {
  it.each([
    [{ golf: 'fairway', landuse: 'grass' }, 'Polygon', 'fairways', null],
    [{ golf: 'green' }, 'Polygon', 'greens', null],
    [{ golf: 'tee' }, 'Point', 'tees', null],
    [{ golf: 'bunker', natural: 'sand' }, 'Polygon', 'bunkers', null],
    [{ golf: 'water_hazard' }, 'Polygon', 'water', 'water_hazard'],
    [{ golf: 'lateral_water_hazard' }, 'Polygon', 'water', 'lateral_water_hazard'],
    [{ natural: 'water' }, 'Polygon', 'water', 'natural_water'],
    [{ golf: 'rough' }, 'Polygon', 'land-surfaces', 'rough'],
    [{ landuse: 'grass' }, 'Polygon', 'land-surfaces', 'grass'],
    [{ golf: 'hole', ref: '1' }, 'LineString', 'centerlines', null],
    [{ golf: 'pin' }, 'Point', 'other', 'pin'],
    [{ golf: 'driving_range' }, 'Polygon', 'other', 'driving_range'],
    [{ golf: 'out_of_bounds' }, 'Polygon', 'other', 'out_of_bounds'],
    [{ golf: 'clubhouse' }, 'Polygon', 'buildings', 'clubhouse'],
    [{ golf: 'cartpath', highway: 'service' }, 'LineString', 'cart-paths', 'cartpath'],
    [{ highway: 'service', golf_cart: 'designated' }, 'LineString', 'cart-paths', 'service'],
    [{ highway: 'residential' }, 'LineString', 'roads', 'residential'],
    [{ natural: 'wood' }, 'Polygon', 'trees', 'wood'],
    [{ natural: 'tree' }, 'Point', 'trees', 'tree'],
    [{ natural: 'tree_row' }, 'LineString', 'trees', 'tree_row'],
    [{ landuse: 'forest' }, 'Polygon', 'trees', 'forest'],
    [{ building: 'yes' }, 'Polygon', 'buildings', 'yes'],
    [{ amenity: 'parking', parking: 'surface' }, 'Polygon', 'parking', 'surface'],
    [{ leisure: 'golf_course', name: 'X' }, 'Polygon', 'course-boundary', null],
  ] as const)('%j (%s) → %s', (tags, geometryType, layer, kind) => {
    expect(classifyFeature({ ...tags }, geometryType)).toEqual({ layer, kind });
  });

  it('leaves out objects of no use to a course', () => {
    expect(classifyFeature({ man_made: 'tower' }, 'Point')).toBeNull();
    expect(classifyFeature({ place: 'hamlet' }, 'Point')).toBeNull();
    expect(classifyFeature({ highway: 'crossing' }, 'Point')).toBeNull();
    expect(classifyFeature({ leisure: 'golf_course' }, 'Point')).toBeNull();
  });
});
