import { parseInput } from '../platform/http/validated-input';
import { acceptTileInput, tileParams, tileQuery } from './maps.operations';

/** What the declared schemas make of a tile request, or null when they refuse it. */
function bySchemas(params: Record<string, string>, query: Record<string, unknown>) {
  try {
    return { params: parseInput(tileParams, params, 'params'), query: parseInput(tileQuery, query, 'query') };
  } catch {
    return null;
  }
}

const REV = 'a'.repeat(64);
const courseIds = ['demo-1', 'x', 'c'.repeat(200), 'c'.repeat(201), ''];
const numbers = ['0', '17', '22', '23', '4194304', '4194305', '0000000017', '12345678901', '-1', '1.5', '1e3', ' 7', '', 'abc'];
const queries: Record<string, unknown>[] = [
  {},
  { tileSize: '256' },
  { tileSize: '512' },
  { tileSize: '128' },
  { tileSize: 512 },
  { format: 'webp' },
  { format: 'png' },
  { format: 'jpeg' },
  { format: ['webp', 'png'] },
  { revision: REV },
  { revision: `sha256:${REV}` },
  { revision: 'A'.repeat(64) },
  { revision: REV.slice(1) },
  { revision: `sha1:${REV}` },
  { tileSize: '512', format: 'png', revision: REV },
  { zoom: '3' },
  { key: 'k' },
  { revision: REV, extra: '1' },
];

describe('acceptTileInput', () => {
  it('accepts the common valid request as the schemas parse it', () => {
    const params = { courseId: 'demo-1', zoom: '18', x: '75000', y: '98000' };
    const expected = { params: { courseId: 'demo-1', zoom: 18, x: 75000, y: 98000 }, query: { tileSize: 512, format: 'png', revision: REV } };
    expect(acceptTileInput(params, { tileSize: '512', format: 'png', revision: REV })).toEqual(expected);
    expect(bySchemas(params, { tileSize: '512', format: 'png', revision: REV })).toEqual(expected);
  });

  it('never accepts what the schemas refuse, and gives the schemas’ answer whenever it accepts', () => {
    let accepted = 0;
    let refusedBySchemas = 0;
    for (const courseId of courseIds) {
      for (const zoom of numbers) {
        for (const xy of numbers) {
          for (const query of queries) {
            const params = { courseId, zoom, x: xy, y: numbers[(numbers.indexOf(xy) + 1) % numbers.length] };
            const quick = acceptTileInput(params, query);
            const schemas = bySchemas(params, query);
            if (!schemas) refusedBySchemas++;
            if (quick === null) continue;
            accepted++;
            expect({ params, query, result: quick }).toEqual({ params, query, result: schemas });
            // no property the schemas would leave out
            expect(Object.keys(quick.query).sort()).toEqual(Object.keys(schemas!.query).sort());
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(300);
    expect(refusedBySchemas).toBeGreaterThan(1_000);
  });

  it('leaves unexpected params to the schemas', () => {
    expect(acceptTileInput({ courseId: 'a', zoom: '1', x: '1', y: '1', extra: '1' }, {})).toBeNull();
  });

  it('parses frozen params once (the same frozen answer each time), changeable ones every time', () => {
    const frozen = Object.freeze({ courseId: 'a', zoom: '3', x: '4', y: '5' });
    const first = acceptTileInput(frozen, {})!.params;
    expect(first).toEqual({ courseId: 'a', zoom: 3, x: 4, y: 5 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(acceptTileInput(frozen, { format: 'png' })!.params).toBe(first);
    expect(acceptTileInput(Object.freeze({ courseId: 'a', zoom: '23', x: '4', y: '5' }), {})).toBeNull();
    const changeable: Record<string, string> = { courseId: 'a', zoom: '3', x: '4', y: '5' };
    expect(acceptTileInput(changeable, {})!.params.zoom).toBe(3);
    changeable.zoom = '99';
    expect(acceptTileInput(changeable, {})).toBeNull();
  });

  it('parses a frozen query once (the same frozen answer each time), a changeable one every time', () => {
    const params = { courseId: 'a', zoom: '1', x: '1', y: '1' };
    const frozen = Object.freeze({ format: 'png', revision: REV });
    const first = acceptTileInput(params, frozen)!.query;
    expect(first).toEqual({ tileSize: 256, format: 'png', revision: REV });
    expect(Object.isFrozen(first)).toBe(true);
    expect(acceptTileInput({ ...params, x: '2' }, frozen)!.query).toBe(first);
    const refused = Object.freeze({ format: 'gif' });
    expect(acceptTileInput(params, refused)).toBeNull();
    expect(acceptTileInput(params, refused)).toBeNull();
    const changeable: Record<string, string> = { format: 'png' };
    expect(acceptTileInput(params, changeable)!.query.format).toBe('png');
    changeable.format = 'gif';
    expect(acceptTileInput(params, changeable)).toBeNull();
  });
});
