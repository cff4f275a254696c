import { decideHoleDirection } from './hole-direction';
import { importOsm } from './osm-importer';
import { asInput, at, collection, line, osmFeature, square } from './synthetic-course.fixture';

describe('decideHoleDirection', () => {
  it('reverses a line that starts in a green and ends on a tee', () => {
    const decision = decideHoleDirection({ greenAtStart: 0, greenAtEnd: 45, teeAtStart: 50, teeAtEnd: 0 });
    expect(decision.reversed).toBe(true);
    expect(decision.conflicting).toBe(false);
  });

  it('keeps a line drawn tee → green', () => {
    expect(decideHoleDirection({ greenAtStart: 30, greenAtEnd: 0, teeAtStart: 0, teeAtEnd: 40 }).reversed).toBe(false);
  });

  it('keeps the drawn direction when green and tee evidence disagree', () => {
    const decision = decideHoleDirection({ greenAtStart: 2, greenAtEnd: 70, teeAtStart: 0, teeAtEnd: 400 });
    expect(decision.reversed).toBe(false);
    expect(decision.conflicting).toBe(true);
  });

  it('needs an end that touches the evidence: a line stopping short of its green is not reversed', () => {
    // starts 13 m from the previous green, ends 70 m short of its own; no tees mapped
    expect(decideHoleDirection({ greenAtStart: 13, greenAtEnd: 70, teeAtStart: Infinity, teeAtEnd: Infinity }).reversed).toBe(false);
  });

  it('decides from one kind of evidence when the other is absent', () => {
    expect(decideHoleDirection({ greenAtStart: 0, greenAtEnd: 44, teeAtStart: Infinity, teeAtEnd: Infinity }).reversed).toBe(true);
    expect(decideHoleDirection({ greenAtStart: Infinity, greenAtEnd: Infinity, teeAtStart: 30, teeAtEnd: 0 }).reversed).toBe(true);
  });
});

describe('importOsm on a hole drawn green → tee', () => {
  // hole 1 drawn backwards (green at x=300 first), hole 2 drawn correctly beside it
  const input = asInput(
    'synthetic.geojson',
    collection(
      osmFeature('way', 1, { leisure: 'golf_course', name: 'Synthetic Links' }, square(150, 100, 400)),
      osmFeature('way', 10, { golf: 'hole', ref: '1', par: '4' }, line([300, 0], [150, 5], [0, 0])),
      osmFeature('way', 11, { golf: 'green' }, square(300, 0, 12)),
      osmFeature('way', 12, { golf: 'tee' }, square(0, 0, 5)),
      osmFeature('way', 20, { golf: 'hole', ref: '2', par: '3' }, line([0, 200], [150, 200])),
      osmFeature('way', 21, { golf: 'tee' }, square(0, 200, 5)),
      osmFeature('way', 22, { golf: 'green' }, square(150, 200, 10)),
    ),
  );

  it('reverses the line, flags the hole and records the inference', () => {
    const [course] = importOsm([input]).courses;
    const [hole1, hole2] = course.holes;
    expect(hole1.flags).toContain('direction-reversed');
    expect(hole1.centerline[0]).toEqual(at(0, 0));
    expect(hole1.centerline[hole1.centerline.length - 1]).toEqual(at(300, 0));
    expect(hole1.greenFeatureId).toBe('way/11');
    expect(hole1.tees.map((t) => t.featureId)).toEqual(['way/12']);
    // about 300 m of line from the tee centre to the green end
    expect(hole1.tees[0].yards).toBeGreaterThan(325);
    expect(hole1.tees[0].yards).toBeLessThan(332);
    expect(course.provenance.inferences.some((i) => i.subject === 'hole 1' && /reversed/.test(i.what))).toBe(true);
    const centerline = course.features.find((f) => f.id === 'way/10');
    expect(centerline?.geometry).toEqual({ type: 'LineString', coordinates: hole1.centerline });

    expect(hole2.flags).not.toContain('direction-reversed');
    expect(hole2.centerline[0]).toEqual(at(0, 200));
  });
});
