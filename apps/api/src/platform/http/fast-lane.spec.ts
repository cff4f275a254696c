import { parse } from 'node:querystring';
import { parseQuery } from './fast-lane';

describe('parseQuery (the fast lane reads only plain query strings)', () => {
  it('reads plain name=value pairs as a URL query parser does', () => {
    for (const search of ['revision=sha256:ab12&tileSize=512&format=png', 'a=', 'x.y~z-1=_:', 'constructor=1&toString=2']) {
      expect({ ...parseQuery(search) }).toEqual({ ...parse(search) });
    }
    expect(parseQuery('')).toEqual({});
    expect(Object.isFrozen(parseQuery('a=1'))).toBe(true);
  });

  it('leaves everything else to Fastify: encodings, plus signs, repeated or bare names, odd separators', () => {
    for (const search of ['a=%20', 'a=1+2', 'a=1&a=2', 'a', 'a=1&', '&a=1', 'a=1;b=2', 'a==1', 'a=1&&b=2', `a=${'x'.repeat(1000)}`, '__proto__=1&__proto__=2']) {
      expect(parseQuery(search)).toBeNull();
    }
  });
});
