import { CHECK_SYMBOLS, IDENTITY_ALPHABET, computeCheck, verifyCheck } from './identity-checksum';

describe('identity checksum (Reed-Solomon over GF(32))', () => {
  const message = 'M9H10GGK7M2Q';
  const check = computeCheck(message);

  it('has 32 unambiguous symbols and four check characters', () => {
    expect(new Set(IDENTITY_ALPHABET).size).toBe(32);
    expect(IDENTITY_ALPHABET).not.toMatch(/[ILOU]/);
    expect(check).toHaveLength(CHECK_SYMBOLS);
    expect(verifyCheck(message, check)).toEqual({ message, check, correctionCount: 0 });
  });

  it('depends on every message character', () => {
    const variants = new Set([...message].map((_, i) => computeCheck(message.slice(0, i) + (message[i] === 'A' ? 'B' : 'A') + message.slice(i + 1))));
    expect(variants.has(check)).toBe(false);
    expect(computeCheck('M9H1')).not.toBe(computeCheck('M9H10'));
  });

  it('corrects every single wrong character, in the message or in the check', () => {
    const word = message + check;
    for (let position = 0; position < word.length; position++) {
      for (const replacement of IDENTITY_ALPHABET) {
        if (replacement === word[position]) continue;
        const damaged = word.slice(0, position) + replacement + word.slice(position + 1);
        const result = verifyCheck(damaged.slice(0, message.length), damaged.slice(message.length));
        expect(result).toEqual({ message, check, correctionCount: 1 });
      }
    }
  });

  it('never accepts two or three wrong characters', () => {
    const word = message + check;
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 8;
    for (let trial = 0; trial < 400; trial++) {
      const errors = 2 + (trial % 2);
      const chars = [...word];
      const positions = new Set<number>();
      while (positions.size < errors) positions.add(next() % chars.length);
      for (const p of positions) chars[p] = IDENTITY_ALPHABET[(IDENTITY_ALPHABET.indexOf(chars[p]) + 1 + (next() % 31)) % 32];
      const damaged = chars.join('');
      expect(verifyCheck(damaged.slice(0, message.length), damaged.slice(message.length))).toBeUndefined();
    }
  });

  it('rejects characters outside the alphabet and checks of the wrong length', () => {
    expect(verifyCheck('M9H1', check.slice(0, 3))).toBeUndefined();
    expect(verifyCheck('M9HI', computeCheck('M9H1'))).toBeUndefined();
    expect(() => computeCheck('M9HO')).toThrow(expect.objectContaining({ code: 'scorecard-design-unreadable' }));
  });
});
