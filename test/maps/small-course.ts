import { generateDemoCourses, type Course } from '@caddie/catalog';

/** One short hole of a demo course, credited to OpenStreetMap: a small map archive that builds in seconds. */
export function smallOsmCourse(id = 'demo-maps-short-hole'): Course {
  const demo = generateDemoCourses()[1];
  const hole = [...demo.holes].sort(
    (a, b) => (a.bounds[2] - a.bounds[0]) * (a.bounds[3] - a.bounds[1]) - (b.bounds[2] - b.bounds[0]) * (b.bounds[3] - b.bounds[1]),
  )[0];
  return {
    ...demo,
    id,
    name: 'Short hole',
    holes: [hole],
    features: demo.features.filter((f) => f.properties.holeNumbers.includes(hole.number) && f.properties.layer !== 'hole-boundaries'),
    provenance: {
      ...demo.provenance,
      sources: [{ kind: 'osm', name: 'OpenStreetMap', license: 'ODbL-1.0', attribution: '© OpenStreetMap contributors', ids: [] }],
    },
  };
}
