import { createHash } from 'node:crypto';
import { artifactKey, canonicalJson } from './artifact-key';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x y' } })).toBe('{"a":{"c":"x y","d":[3,{"y":null,"z":true}]},"b":1}');
  });

  it('drops undefined properties and normalizes -0', () => {
    expect(canonicalJson({ a: undefined, b: -0 })).toBe('{"b":0}');
  });

  it('refuses values JSON cannot carry', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ a: () => 1 })).toThrow(TypeError);
  });
});

describe('artifactKey', () => {
  it('hashes renderer version, course revision and canonical JSON', () => {
    const request = { b: 2, a: 1 };
    const expected = createHash('sha256').update('renderer@3\nsha256:rev\n{"a":1,"b":2}').digest('hex');
    expect(artifactKey('renderer@3', 'sha256:rev', request)).toBe(`sha256:${expected}`);
    expect(artifactKey('renderer@3', 'sha256:rev', request)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('is independent of key order but not of any input', () => {
    const key = artifactKey('r1', 'c1', { a: 1, b: 2 });
    expect(artifactKey('r1', 'c1', { b: 2, a: 1 })).toBe(key);
    expect(artifactKey('r2', 'c1', { a: 1, b: 2 })).not.toBe(key);
    expect(artifactKey('r1', 'c2', { a: 1, b: 2 })).not.toBe(key);
    expect(artifactKey('r1', 'c1', { a: 1, b: 3 })).not.toBe(key);
    // without a separator these two would hash the same bytes
    expect(artifactKey('r1c', '1', {})).not.toBe(artifactKey('r1', 'c1', {}));
  });

  it('rejects empty or multi-line versions', () => {
    expect(() => artifactKey('', 'c', {})).toThrow(TypeError);
    expect(() => artifactKey('r\n1', 'c', {})).toThrow(TypeError);
  });
});
