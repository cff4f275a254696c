import { parseHoleName, parseHoleRef, parseSmallIntegerTag } from './hole-numbering';

describe('parseHoleName', () => {
  it.each([
    ['1', 1, null, 'bare-number'],
    ['18', 18, null, 'bare-number'],
    ['Hole 1', 1, null, 'hole-word'],
    ['Hole 12', 12, null, 'hole-word'],
    ["Dołek nr 4 - Devil's Elbow", 4, "Devil's Elbow", 'hole-word'],
    ['Dołek 12 - No Mistakes', 12, 'No Mistakes', 'hole-word'],
    ['1. Bæjarhóll', 1, 'Bæjarhóll', 'number-first'],
    ['7. hola', 7, null, 'number-first'],
    ['Alfaraleid 1.', 1, 'Alfaraleid', 'number-last'],
    ['Yfir hafið og heim 15.', 15, 'Yfir hafið og heim', 'number-last'],
    ["L'Anglais 14", 14, "L'Anglais", 'number-last'],
    ["L'Américain 6", 6, "L'Américain", 'number-last'],
  ])('reads %j as hole %i', (name, number, title, form) => {
    expect(parseHoleName(name)).toEqual({ number, title, form });
  });

  it('keeps a name without a number as a title only', () => {
    expect(parseHoleName("L'Américain")).toEqual({ number: null, title: "L'Américain", form: 'title-only' });
    expect(parseHoleName('Tea Olive')).toEqual({ number: null, title: 'Tea Olive', form: 'title-only' });
  });

  it('rejects numbers outside 1..99 and empty names', () => {
    expect(parseHoleName('0')?.number ?? null).toBeNull();
    expect(parseHoleName('Hole 123')?.number ?? null).toBeNull();
    expect(parseHoleName('')).toBeNull();
    expect(parseHoleName(undefined)).toBeNull();
  });
});

describe('parseHoleRef and parseSmallIntegerTag', () => {
  it('accepts plain integers in range only', () => {
    expect(parseHoleRef('7')).toBe(7);
    expect(parseHoleRef(' 18 ')).toBe(18);
    expect(parseHoleRef('7a')).toBeNull();
    expect(parseHoleRef('0')).toBeNull();
    expect(parseHoleRef(undefined)).toBeNull();
    expect(parseSmallIntegerTag('4', 2, 7)).toBe(4);
    expect(parseSmallIntegerTag('9', 2, 7)).toBeNull();
    expect(parseSmallIntegerTag('four', 2, 7)).toBeNull();
  });
});
