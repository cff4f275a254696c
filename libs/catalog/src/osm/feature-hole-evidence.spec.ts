import { namedHoleOf, usageOf } from './feature-hole-evidence';

describe('namedHoleOf', () => {
  it.each([
    [{ name: 'Hole 16 fairway' }, 16],
    [{ name: 'Hole 16 greenside bunker 1' }, 16],
    [{ name: 'Dołek nr 14 - green' }, 14],
    [{ name: 'Tee Box Dołek nr 1 – czerwony i niebieski' }, 1],
    [{ name: 'Tee Box Dołek 18 - czarny i biały' }, 18],
    [{ name: 'Hole No 5 - Fairway' }, 5],
    [{ name: '18 hole fairway near green' }, 18],
    [{ name: 'Dołek nr 9 - Bunkier 12' }, 9],
    [{ ref: '7', name: 'Hole 3 bunker' }, 7],
    [{ 'golf:hole': '11' }, 11],
  ])('reads %j as hole %i', (tags, number) => {
    expect(namedHoleOf(tags as Record<string, string>, [])?.number).toBe(number);
  });

  it('reads no hole from a feature number alone or a plain name', () => {
    expect(namedHoleOf({ name: 'Bunkier 2' }, [])).toBeNull();
    expect(namedHoleOf({ name: 'Green treningowy - Chipping green' }, [])).toBeNull();
    expect(namedHoleOf({ name: 'Holes 2000 car park' }, [])).toBeNull();
  });

  it('reads "<course> <n>" only for a sub-course of the boundary, with or without its article', () => {
    expect(namedHoleOf({ name: "L'Anglais 14" }, ["L'Anglais", "L'Américain"])).toEqual({ number: 14, tag: 'name', coursePrefix: "L'Anglais" });
    expect(namedHoleOf({ name: 'Anglais 3' }, ["L'Anglais", "L'Américain"])).toMatchObject({ number: 3, coursePrefix: "L'Anglais" });
    expect(namedHoleOf({ name: 'Anglais 3' }, [])).toBeNull();
  });
});

describe('usageOf', () => {
  it('marks unused and temporary boxes, misspellings and lifecycle tags included', () => {
    expect(usageOf({ name: 'Hole 3 unused tee' })).toBe('unused');
    expect(usageOf({ name: 'Hole 7 unusued teebox' })).toBe('unused');
    expect(usageOf({ name: 'Hole 2 temporary tee' })).toBe('temporary');
    expect(usageOf({ disused: 'yes' })).toBe('unused');
    expect(usageOf({ name: 'Hole 3 white tee' })).toBeNull();
  });
});
