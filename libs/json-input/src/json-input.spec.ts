import { formatInputPath, inputExcerpt, pathBeyondDepth } from '@caddie/json-input';

/** `levels` nested objects { a: { a: … value } } */
function nested(levels: number, value: unknown = 1): unknown {
  let v = value;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

describe('pathBeyondDepth', () => {
  it('finds the first value past the bound, without recursion, at any depth', () => {
    expect(pathBeyondDepth({ options: nested(3) }, 4)).toBeNull();
    expect(pathBeyondDepth({ options: nested(4) }, 4)).toEqual(['options', 'a', 'a', 'a']);
    const deep = pathBeyondDepth({ options: { hole: nested(100_000) } }, 64);
    expect(deep).toHaveLength(64);
    expect(deep!.slice(0, 3)).toEqual(['options', 'hole', 'a']);
  });

  it('counts arrays as levels, names their indexes, and lets empty containers sit at the bound', () => {
    expect(pathBeyondDepth({ list: [1, [2, [3]]] }, 3)).toEqual(['list', 1, 1]);
    expect(pathBeyondDepth({ list: [[[]]] }, 3)).toBeNull();
    expect(pathBeyondDepth('scalar', 0)).toBeNull();
  });
});

describe('formatInputPath', () => {
  it('writes dots and brackets, and leaves out the middle of a long path', () => {
    expect(formatInputPath(['options', 'hole', 0, 'odd key'])).toBe('options.hole[0]["odd key"]');
    expect(formatInputPath([])).toBe('(the body)');
    const long = formatInputPath(['options', 'hole', ...Array.from({ length: 4998 }, () => 'a')]);
    expect(long).toBe('options.hole.a.a.a.a…(4992 more levels)….a.a');
  });
});

describe('inputExcerpt', () => {
  it('quotes small values whole, as JSON', () => {
    expect(inputExcerpt({ hole: 'two', list: [1, true, null] })).toBe('{"hole":"two","list":[1,true,null]}');
    expect(inputExcerpt('x'.repeat(10), 10)).toBe(`"${'x'.repeat(9)}…`);
  });

  it('stays within its budget for a 4 MB string, a 200,000-key object and 100,000 levels', () => {
    const huge = inputExcerpt('x'.repeat(4_000_000));
    expect(huge.length).toBeLessThanOrEqual(81);
    expect(huge.startsWith('"xxxx')).toBe(true);
    const wide = inputExcerpt(Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i])));
    expect(wide).toMatch(/^\{"k0":0,"k1":1,.*…$/);
    expect(wide.length).toBeLessThanOrEqual(81);
    const deep = inputExcerpt(nested(100_000));
    expect(deep).toBe(`${'{"a":'.repeat(16)}…`);
  });
});
