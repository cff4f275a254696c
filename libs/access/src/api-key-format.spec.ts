import { generateKey, hashKey, keyHint, looksLikeKey, parseKey } from './api-key-format';
import { expandDatasets } from './dataset-grants';

describe('api key format', () => {
  it.each(['live', 'test', 'pk_live', 'pk_test'] as const)('generates and parses %s keys', (kind) => {
    const key = generateKey('caddie', kind);
    expect(key.startsWith(`caddie_${kind}_`)).toBe(true);
    expect(parseKey(key)).toEqual({ operator: 'caddie', kind });
    expect(key).toMatch(/^[A-Za-z0-9_]+$/);
  });

  it('draws distinct, uniformly shaped secrets', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateKey('caddie', 'test')));
    expect(keys.size).toBe(200);
    const chars = new Set([...keys].flatMap((k) => [...k.slice('caddie_test_'.length)]));
    expect(chars.size).toBe(62);
  });

  it('rejects malformed and foreign-operator shapes', () => {
    expect(parseKey('caddie_test_short')).toBeNull();
    expect(parseKey('caddie_prod_' + 'a'.repeat(43))).toBeNull();
    expect(parseKey('Bearer caddie_test_' + 'a'.repeat(43))).toBeNull();
    expect(parseKey('other_test_' + 'a'.repeat(43))).toEqual({ operator: 'other', kind: 'test' });
  });

  it('hashes deterministically and hints without revealing the secret', () => {
    const key = generateKey('caddie', 'pk_live');
    expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashKey(key)).toBe(hashKey(key));
    expect(keyHint(key)).toBe(`caddie_pk_live_…${key.slice(-4)}`);
    expect(looksLikeKey(`x${key}y`, 'caddie')).toBe(true);
    expect(looksLikeKey('caddie', 'caddie')).toBe(false);
  });
});

describe('expandDatasets', () => {
  it('expands groups and reports unknown names', () => {
    const { datasets, unknown } = expandDatasets(['geometry', 'elevations.*', 'scorecard', 'nope']);
    expect(datasets).toContain('geometry.fairways');
    expect(datasets).toContain('geometry.other');
    expect(datasets.filter((d) => d.startsWith('geometry.'))).toHaveLength(16);
    expect(datasets).toEqual(expect.arrayContaining(['elevations.ground', 'elevations.trees', 'scorecard']));
    expect(unknown).toEqual(['nope']);
  });
});
