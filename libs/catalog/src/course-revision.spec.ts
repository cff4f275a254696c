import { canonicalJson, courseRevision } from './course-revision';
import type { Course } from './model';

function tinyCourse(longitude: number): Course {
  return {
    id: 'osm-way-1',
    name: 'Tiny',
    location: { city: null, region: null, country: null, longitude, latitude: 50 },
    classification: null,
    active: false,
    teeSets: [],
    holes: [],
    features: [],
    elevation: { ground: null, greens: {}, trees: null },
    measurements: { greens: [], fairways: [] },
    contact: null,
    amenities: null,
    operations: null,
    editorial: null,
    media: { images: [], videos: [] },
    provenance: { sources: [], inferences: [], missing: [] },
  };
}

describe('canonicalJson', () => {
  it('sorts keys, rounds numbers to 7 decimals and drops undefined members', () => {
    expect(canonicalJson({ b: 1.123456789, a: [-0, 2], c: undefined, d: null })).toBe('{"a":[0,2],"b":1.1234568,"d":null}');
    expect(canonicalJson({ x: { z: 1, y: 2 } })).toBe(canonicalJson({ x: { y: 2, z: 1 } }));
  });
});

describe('courseRevision', () => {
  it('is a sha256 digest that follows the content', () => {
    const revision = courseRevision(tinyCourse(10));
    expect(revision).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(courseRevision(tinyCourse(10))).toBe(revision);
    expect(courseRevision(tinyCourse(10.00000001))).toBe(revision);
    expect(courseRevision(tinyCourse(10.000001))).not.toBe(revision);
  });
});
