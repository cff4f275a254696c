import { perFrozenInput } from './per-frozen-input';

describe('perFrozenInput', () => {
  it('reads a frozen input once and shares its frozen answer; reads other inputs every time', () => {
    const read = jest.fn((input: { n: number }) => (input.n > 0 ? { double: input.n * 2 } : null));
    const remembered = perFrozenInput(read);
    const frozen = Object.freeze({ n: 2 });
    const first = remembered(frozen);
    expect(first).toEqual({ double: 4 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(remembered(frozen)).toBe(first);
    const refused = Object.freeze({ n: 0 });
    expect([remembered(refused), remembered(refused)]).toEqual([null, null]);
    expect(read).toHaveBeenCalledTimes(2);
    const changeable = { n: 1 };
    expect(remembered(changeable)).toEqual({ double: 2 });
    changeable.n = 3;
    expect(remembered(changeable)).toEqual({ double: 6 });
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('does not remember a read that throws', () => {
    let fail = true;
    const remembered = perFrozenInput(() => {
      if (fail) throw new Error('no');
      return 'ok';
    });
    const frozen = Object.freeze({});
    expect(() => remembered(frozen)).toThrow('no');
    fail = false;
    expect(remembered(frozen)).toBe('ok');
  });
});
