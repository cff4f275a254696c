import { assignHoleNumbers } from './hole-number-assignment';
import { splitSubCourses } from './sub-course-split';
import type { TaggedFeature } from './tagged-feature';

function holeLine(id: number, tags: Record<string, string>): TaggedFeature {
  return {
    id: `way/${id}`,
    tags: { golf: 'hole', ...tags },
    geometry: {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [0, 0.001],
      ],
    },
    input: 't',
  };
}
const never = () => false;

describe('assignHoleNumbers', () => {
  it('prefers ref over the name and records name-derived numbers', () => {
    const result = assignHoleNumbers([holeLine(1, { ref: '3', name: 'Magnolia' }), holeLine(2, { name: "Dołek nr 4 - Devil's Elbow" })], never);
    expect(result.holes.map((h) => [h.number, h.source, h.title])).toEqual([
      [3, 'ref', 'Magnolia'],
      [4, 'name', "Devil's Elbow"],
    ]);
    expect(result.inferences.map((i) => i.subject)).toEqual(['hole 4']);
  });

  it('keeps one line per number and reports the duplicates', () => {
    const result = assignHoleNumbers([holeLine(9, { name: '1' }), holeLine(5, { name: '1' }), holeLine(7, { ref: '1' })], never);
    expect(result.holes).toHaveLength(1);
    expect(result.holes[0].feature.id).toBe('way/7');
    expect(result.holes[0].duplicates.map((d) => d.id)).toEqual(['way/5', 'way/9']);
  });

  it('fills the single gap with the single unnumbered line, and only then', () => {
    const numbered = Array.from({ length: 18 }, (_, i) => i + 1)
      .filter((n) => n !== 9)
      .map((n) => holeLine(100 + n, { name: `L'Américain ${n}` }));
    const bare = holeLine(99, { name: "L'Américain" });
    const filled = assignHoleNumbers([...numbered, bare], (t) => t === "L'Américain");
    expect(filled.holes.find((h) => h.number === 9)?.feature.id).toBe('way/99');
    expect(filled.holes.find((h) => h.number === 9)?.source).toBe('gap');
    expect(filled.holes.every((h) => h.title === null)).toBe(true);

    const twoUnnumbered = assignHoleNumbers([...numbered, bare, holeLine(98, {})], never);
    expect(twoUnnumbered.holes.some((h) => h.number === 9)).toBe(false);
    expect(twoUnnumbered.unnumbered).toHaveLength(2);
  });
});

describe('splitSubCourses', () => {
  it('splits by a shared name prefix, and keeps a bare-prefix hole with its course', () => {
    const holes = [
      ...[1, 2, 3].map((n) => holeLine(n, { name: `L'Anglais ${n}` })),
      ...[1, 2, 3].map((n) => holeLine(10 + n, { name: `L'Américain ${n}` })),
      holeLine(20, { name: "L'Américain" }),
    ];
    const groups = splitSubCourses(holes);
    expect(groups.map((g) => [g.name, g.holes.length, g.rule])).toEqual([
      ["L'Américain", 4, 'name-prefix'],
      ["L'Anglais", 3, 'name-prefix'],
    ]);
  });

  it('splits by golf:course:name when present', () => {
    const groups = splitSubCourses([holeLine(1, { ref: '1', 'golf:course:name': 'North' }), holeLine(2, { ref: '1', 'golf:course:name': 'South' })]);
    expect(groups.map((g) => g.name)).toEqual(['North', 'South']);
  });

  it('does not split holes that carry their own names, or one 27-hole layout', () => {
    const named = ['Alfaraleid 1.', 'Klapparholl 2.', 'Nyja 13.', 'Nyja 14.'].map((name, i) => holeLine(i, { name }));
    expect(splitSubCourses(named)).toHaveLength(1);
    const pestana = Array.from({ length: 27 }, (_, i) => holeLine(i, { name: String(i + 1) }));
    expect(splitSubCourses(pestana)).toHaveLength(1);
  });
});
