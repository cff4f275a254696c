import { parse } from 'node:querystring';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy } from '../auth/access-policy';
import type { MetricsService } from '../observability/metrics.service';
import { BODY_PIECE_BYTES, endInChunks, FastLane, parseQuery, type FastInput, type FastRoute } from './fast-lane';

describe('parseQuery (the fast lane reads only plain query strings)', () => {
  it('reads plain name=value pairs as a URL query parser does', () => {
    for (const search of ['revision=sha256:ab12&tileSize=512&format=png', 'a=', 'x.y~z-1=_:', 'constructor=1&toString=2']) {
      expect({ ...parseQuery(search) }).toEqual({ ...parse(search) });
    }
    expect(parseQuery('')).toEqual({});
    expect(Object.isFrozen(parseQuery('a=1'))).toBe(true);
  });

  it('leaves everything else to Fastify: encodings, plus signs, repeated or bare names, odd separators', () => {
    for (const search of [
      'a=%20',
      'a=1+2',
      'a=1&a=2',
      'a',
      'a=1&',
      '&a=1',
      'a=1;b=2',
      'a==1',
      'a=1&&b=2',
      `a=${'x'.repeat(1000)}`,
      '__proto__=1&__proto__=2',
    ]) {
      expect(parseQuery(search)).toBeNull();
    }
  });
});

describe('FastLane', () => {
  const lane = (answerNow: FastRoute['answerNow'], log = { error: jest.fn(), info: jest.fn() }) => {
    const observed: string[] = [];
    const httpLatency = jest.fn((method: string, route: string, status: number) => ({
      observe: (s: number) => observed.push(`${method} ${route} ${status} ${s >= 0}`),
    }));
    return {
      log,
      observed,
      httpLatency,
      lane: new FastLane({
        routes: [{ url: '/v1/things/:id', spec: { operationId: 'getThing', summary: '', access: 'key', service: 'courses' } as never, answerNow }],
        policy: {
          admitNow: () => ({ principal: {}, bucket: 'key:1', limit: 10 }),
          takeSlotNow: () => ({ 'ratelimit-limit': '10' }),
        } as unknown as AccessPolicy,
        metrics: { httpLatency } as unknown as MetricsService,
        exposedHeaders: 'x-request-id',
        trustProxy: false,
        log: log as unknown as FastifyBaseLogger,
      }),
    };
  };
  const request = (url: string, method = 'GET') => ({ url, method, headers: {}, socket: { remoteAddress: '127.0.0.1' } }) as unknown as IncomingMessage;
  const response = () => {
    const res: { headersSent: boolean; writeHead: jest.Mock; end: jest.Mock } = { headersSent: false, writeHead: jest.fn(), end: jest.fn() };
    res.writeHead.mockImplementation(() => {
      res.headersSent = true;
      return res;
    });
    return res;
  };

  it('answers a matching GET with the platform headers and the route answer', () => {
    const { lane: fast } = lane(({ params }) => ({ status: 200, headers: { etag: `"${params.id}"` }, body: Buffer.from('abc') }));
    const res = response();
    expect(fast.answer(request('/v1/things/7?x=1'), res as unknown as ServerResponse)).toBe(true);
    const [status, headers] = res.writeHead.mock.calls[0] as unknown as [number, string[]];
    expect(status).toBe(200);
    expect(headers).toEqual(expect.arrayContaining(['vary', 'Origin', 'etag', '"7"', 'ratelimit-limit', '10', 'content-length', '3', 'x-request-id']));
    expect(fast.answered).toBe(1);
  });

  it('adds the CORS headers to requests with an Origin only, Vary: Origin to all', () => {
    const { lane: fast } = lane(() => ({ status: 200, headers: {}, body: Buffer.from('x') }));
    const headersOf = (headers: Record<string, string>) => {
      const res = response();
      fast.answer({ ...request('/v1/things/1'), headers } as unknown as IncomingMessage, res as unknown as ServerResponse);
      return (res.writeHead.mock.calls[0] as unknown as [number, string[]])[1];
    };
    const plain = headersOf({});
    expect(plain).toEqual(expect.arrayContaining(['vary', 'Origin']));
    expect(plain).not.toContain('access-control-allow-origin');
    expect(plain).not.toContain('access-control-expose-headers');
    expect(headersOf({ origin: 'https://a.example' })).toEqual(
      expect.arrayContaining(['access-control-allow-origin', 'https://a.example', 'access-control-expose-headers', 'x-request-id']),
    );
  });

  it('observes the latency of every answer under the route pattern and status, keeping one series each', () => {
    const {
      lane: fast,
      observed,
      httpLatency,
    } = lane(({ params }) => (params.id === '1' ? { status: 304, headers: {} } : { status: 200, headers: {}, body: Buffer.from('x') }));
    for (const id of ['1', '2', '1', '3']) fast.answer(request(`/v1/things/${id}`), response() as unknown as ServerResponse);
    expect(observed).toEqual(['GET /v1/things/:id 304 true', 'GET /v1/things/:id 200 true', 'GET /v1/things/:id 304 true', 'GET /v1/things/:id 200 true']);
    expect(httpLatency).toHaveBeenCalledTimes(2);
  });

  it('gives a route the same frozen params and query objects for the same path and query string', () => {
    const seen: FastInput[] = [];
    const { lane: fast } = lane((input) => {
      seen.push(input);
      return { status: 200, headers: {}, body: Buffer.from('x') };
    });
    for (const url of ['/v1/things/7?a=1', '/v1/things/7?a=1', '/v1/things/8?a=1', '/v1/things/7'])
      fast.answer(request(url), response() as unknown as ServerResponse);
    expect(seen.map((s) => ({ ...s.params }))).toEqual([{ id: '7' }, { id: '7' }, { id: '8' }, { id: '7' }]);
    expect(seen[1].params).toBe(seen[0].params);
    expect(seen[3].params).toBe(seen[0].params);
    expect(seen[2].params).not.toBe(seen[0].params);
    expect(seen[1].query).toBe(seen[0].query);
    expect(seen.every((s) => Object.isFrozen(s.params) && Object.isFrozen(s.query))).toBe(true);
  });

  it('declines other methods, paths and closed lanes without sending anything', () => {
    const { lane: fast } = lane(() => ({ status: 200, headers: {} }));
    for (const [url, method] of [
      ['/v1/things/7', 'HEAD'],
      ['/v1/things/7/more', 'GET'],
      ['/v1/things/%37', 'GET'],
      ['/v1/other/7', 'GET'],
    ]) {
      const res = response();
      expect(fast.answer(request(url, method), res as unknown as ServerResponse)).toBe(false);
      expect(res.writeHead).not.toHaveBeenCalled();
    }
    fast.close();
    expect(fast.answer(request('/v1/things/7'), response() as unknown as ServerResponse)).toBe(false);
  });

  it('logs a failure and leaves the request to Fastify when nothing was sent', () => {
    const { lane: fast, log } = lane(() => {
      throw new Error('broken route');
    });
    const res = response();
    expect(fast.answer(request('/v1/things/7'), res as unknown as ServerResponse)).toBe(false);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ url: '/v1/things/7' }), 'fast lane failed; the full route answers');
  });

  it('serves keep-alive connections on a real socket: bodiless GETs spared draining, a GET with a body drained', async () => {
    const { lane: fast } = lane(({ params }) => ({ status: 200, headers: {}, body: Buffer.from(`thing ${params.id}`) }));
    const ended = new Map<string, boolean>();
    const server = createServer((req, res) => {
      ended.set(req.url!, false);
      req.once('end', () => ended.set(req.url!, true));
      if (!fast.answer(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      // three requests on one connection, sent at once: no body, a body of 5 bytes, no body
      socket.write('GET /v1/things/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/things/2 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello');
      socket.write('GET /v1/things/3 HTTP/1.1\r\nHost: x\r\n\r\n');
      for (let i = 0; i < 200 && (received.match(/HTTP\/1\.1 200/g) ?? []).length < 3; i++) await new Promise((r) => setTimeout(r, 10));
      socket.destroy();
      expect(received.match(/thing \d/g)).toEqual(['thing 1', 'thing 2', 'thing 3']);
      expect(received).not.toContain('Connection: close');
      // Node read the request with a body to its end (drained); the others it never had to
      await new Promise((r) => setTimeout(r, 20));
      expect(Object.fromEntries(ended)).toEqual({ '/v1/things/1': false, '/v1/things/2': true, '/v1/things/3': false });
      expect(fast.answered).toBe(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('endInChunks (large bodies leave the event loop free between pieces)', () => {
  it('sends a large body whole and byte-exact, in pieces between which other work runs', async () => {
    const body = Buffer.from(Array.from({ length: 5 * BODY_PIECE_BYTES + 123 }, (_, i) => (i * 7) % 251));
    const events: string[] = [];
    const server = createServer((_req, res) => {
      const write = res.write.bind(res);
      res.write = ((chunk: Buffer, ...rest: never[]) => {
        events.push(`piece ${chunk.length}`);
        return write(chunk, ...rest);
      }) as typeof res.write;
      res.writeHead(200, { 'content-length': String(body.length) });
      endInChunks(res, body);
      // work that arrives after the answer started (another request's turn)
      setImmediate(() => events.push('other work'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    } finally {
      server.close();
    }
    // every piece at most BODY_PIECE_BYTES, and other work ran before the body was done
    expect(events.filter((e) => e.startsWith('piece')).every((e) => Number(e.slice(6)) <= BODY_PIECE_BYTES)).toBe(true);
    expect(events.indexOf('other work')).toBeGreaterThan(0);
    expect(events.indexOf('other work')).toBeLessThan(events.filter((e) => e.startsWith('piece')).length);
  });

  it('ends a small body in one write', () => {
    const calls: string[] = [];
    const res = { end: (b?: Buffer) => calls.push(`end ${b?.length ?? 0}`), write: () => calls.push('write') } as unknown as ServerResponse;
    endInChunks(res, Buffer.alloc(BODY_PIECE_BYTES));
    endInChunks(res, undefined);
    expect(calls).toEqual([`end ${BODY_PIECE_BYTES}`, 'end 0']);
  });
});
