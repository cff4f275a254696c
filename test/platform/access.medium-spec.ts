import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { ProbeModule } from './probe.controller';

const ORIGIN = 'https://app.example.com';

describe.each(['sqlite', 'postgres'] as const)('access matrix (%s)', (database) => {
  let api: ApiHarness;
  let live: string, test: string, pkLive: string, pkTest: string, graphicsBrowser: string, scorecards: string;
  let revokedId: string, revoked: string;

  beforeAll(async () => {
    api = await startApi({ database, extraModules: [ProbeModule] });
    live = (await api.createKey({ kind: 'live', scopes: ['courses:read', 'course-graphics:read'] })).key;
    test = (await api.createKey({ kind: 'test', scopes: ['courses:read'] })).key;
    pkLive = (await api.createKey({ kind: 'pk_live', scopes: ['courses:read'], origins: [ORIGIN] })).key;
    pkTest = (await api.createKey({ kind: 'pk_test', scopes: ['courses:read'], origins: [ORIGIN] })).key;
    graphicsBrowser = (await api.createKey({ kind: 'pk_live', scopes: ['course-graphics:browser'], origins: [ORIGIN] })).key;
    scorecards = (await api.createKey({ kind: 'live', scopes: ['scorecards:process'] })).key;
    ({ key: revoked, id: revokedId } = await api.createKey({ kind: 'live', scopes: ['courses:read'] }));
    await api.revokeKey(revokedId);
  });
  afterAll(() => api.close());

  const get = (url: string, headers: Record<string, string> = {}) => api.request({ method: 'GET', url, headers });

  it('accepts x-api-key and Authorization: Bearer equally', async () => {
    expect((await get('/v1/probe/courses', { 'x-api-key': live })).statusCode).toBe(200);
    expect((await get('/v1/probe/courses', { authorization: `Bearer ${live}` })).statusCode).toBe(200);
    expect((await get('/v1/probe/courses', { authorization: `bearer ${test}`, 'x-api-key': test })).statusCode).toBe(200);
  });

  it('refuses a credential in any query parameter, even a valid key', async () => {
    expectProblem(await get(`/v1/probe/courses?api_key=${live}`), 401, 'credential-in-query');
    expectProblem(await get(`/v1/probe/courses?anything=${live}`, { 'x-api-key': live }), 401, 'credential-in-query');
    expectProblem(await get('/v1/probe/public?token=abc'), 401, 'credential-in-query');
  });

  it.each([
    ['private live', () => live],
    ['private test', () => test],
  ])('lets a %s key with the scope through', async (_name, key) => {
    expect((await get('/v1/probe/courses', { 'x-api-key': key() })).statusCode).toBe(200);
  });

  it.each([
    ['pk_live', () => pkLive],
    ['pk_test', () => pkTest],
  ])('lets a %s key through only from its exact origin', async (_name, key) => {
    expect((await get('/v1/probe/courses', { 'x-api-key': key(), origin: ORIGIN })).statusCode).toBe(200);
    expectProblem(await get('/v1/probe/courses', { 'x-api-key': key(), origin: 'https://evil.example.com' }), 403, 'origin-not-allowed');
    expectProblem(await get('/v1/probe/courses', { 'x-api-key': key(), origin: `${ORIGIN}:8443` }), 403, 'origin-not-allowed');
    expectProblem(await get('/v1/probe/courses', { 'x-api-key': key() }), 403, 'origin-not-allowed');
  });

  it('answers missing, malformed, unknown, revoked and ambiguous credentials with 401', async () => {
    expectProblem(await get('/v1/probe/courses'), 401, 'missing-credential');
    expectProblem(await get('/v1/probe/courses', { 'x-api-key': 'caddie_live_' + 'x'.repeat(43) }), 401, 'invalid-credential');
    expectProblem(await get('/v1/probe/courses', { 'x-api-key': 'not-a-key' }), 401, 'invalid-credential');
    expectProblem(await get('/v1/probe/courses', { authorization: `Basic ${live}` }), 401, 'invalid-credential');
    const revokedProblem = expectProblem(await get('/v1/probe/courses', { 'x-api-key': revoked }), 401, 'invalid-credential');
    expect(revokedProblem.detail).toMatch(/revoked/);
    expectProblem(await get('/v1/probe/courses', { 'x-api-key': live, authorization: `Bearer ${test}` }), 401, 'ambiguous-credential');
  });

  it('answers a key without the scope with 403 insufficient-scope', async () => {
    const body = expectProblem(await get('/v1/probe/courses', { 'x-api-key': scorecards }), 403, 'insufficient-scope');
    expect(body.requiredScope).toBe('courses:read');
  });

  it('needs the licensed browser scope for graphics from a publishable key', async () => {
    expect((await get('/v1/probe/graphics', { 'x-api-key': live })).statusCode).toBe(200);
    expect((await get('/v1/probe/graphics', { 'x-api-key': graphicsBrowser, origin: ORIGIN })).statusCode).toBe(200);
    expectProblem(await get('/v1/probe/graphics', { 'x-api-key': pkLive, origin: ORIGIN }), 403, 'insufficient-scope');
  });

  it('refuses a private key with a browser Origin on graphics routes, without echoing the Origin in CORS', async () => {
    const refused = await get('/v1/probe/graphics', { 'x-api-key': live, origin: ORIGIN });
    expect(expectProblem(refused, 403, 'browser-origin-not-allowed').detail).toMatch(/publishable key with the course-graphics:browser scope/);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-expose-headers']).toBeUndefined();
    // the publishable key from its licensed origin is answered with CORS
    const allowed = await get('/v1/probe/graphics', { 'x-api-key': graphicsBrowser, origin: ORIGIN });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(ORIGIN);
    // server-to-server, the same private key is fine
    expect((await get('/v1/probe/graphics', { 'x-api-key': live })).statusCode).toBe(200);
  });

  it('refuses no key, publishable keys and any Origin on private-only endpoints', async () => {
    expect((await get('/v1/probe/private', { 'x-api-key': scorecards })).statusCode).toBe(200);
    expectProblem(await get('/v1/probe/private'), 401, 'missing-credential');
    expectProblem(await get('/v1/probe/private', { 'x-api-key': pkLive, origin: ORIGIN }), 403, 'publishable-key-not-allowed');
    expectProblem(await get('/v1/probe/private', { 'x-api-key': pkLive }), 403, 'publishable-key-not-allowed');
    const browser = await get('/v1/probe/private', { 'x-api-key': scorecards, origin: ORIGIN });
    expectProblem(browser, 403, 'browser-origin-not-allowed');
    expect(browser.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves public routes without a key', async () => {
    expect((await get('/v1/probe/public')).statusCode).toBe(200);
  });

  it("counts a public request with a valid key against the key's limit, not the anonymous one", async () => {
    const own = (await api.createKey({ kind: 'live', scopes: ['courses:read'], rateLimitPerMinute: 37 })).key;
    const anonymousLimit = String(api.config.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE);
    expect((await get('/v1/probe/public', { 'x-api-key': own })).headers['ratelimit-limit']).toBe('37');
    expect((await get('/v1/probe/public')).headers['ratelimit-limit']).toBe(anonymousLimit);
    // an invalid or revoked key is ignored on a public route (no 401), counted as anonymous
    for (const headers of [{ 'x-api-key': revoked }, { 'x-api-key': 'caddie_live_not_a_key' }]) {
      const response = await get('/v1/probe/public', headers);
      expect({ status: response.statusCode, limit: response.headers['ratelimit-limit'] }).toEqual({ status: 200, limit: anonymousLimit });
    }
    // a publishable key counts only from one of its origins
    expect((await get('/v1/probe/public', { 'x-api-key': pkLive })).headers['ratelimit-limit']).toBe(anonymousLimit);
    expect((await get('/v1/probe/public', { 'x-api-key': pkLive, origin: ORIGIN })).headers['ratelimit-limit']).toBe(
      String(api.config.env.RATE_LIMIT_PER_MINUTE),
    );
  });
});

describe('rate limits', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({ extraModules: [ProbeModule], env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '2' } });
  });
  afterAll(() => api.close());

  it('limits each key in Redis and answers 429 with Retry-After and RateLimit headers', async () => {
    const { key } = await api.createKey({ kind: 'live', scopes: ['courses:read'], rateLimitPerMinute: 3 });
    const { key: other } = await api.createKey({ kind: 'live', scopes: ['courses:read'], rateLimitPerMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.request({ method: 'GET', url: '/v1/probe/courses', headers: { 'x-api-key': key } })).statusCode);
    // a window boundary can fall between requests; the limit then restarts, so allow one extra 200
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    const limited = await api.request({ method: 'GET', url: '/v1/probe/courses', headers: { 'x-api-key': key } });
    expectProblem(limited, 429, 'rate-limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.headers['ratelimit-limit']).toBe('3');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(limited.headers['ratelimit-policy']).toBe('3;w=60');
    // another key has its own budget
    expect((await api.request({ method: 'GET', url: '/v1/probe/courses', headers: { 'x-api-key': other } })).statusCode).toBe(200);
  });

  it('limits unauthenticated callers per address, so guessing keys is throttled too', async () => {
    const results = [];
    for (let i = 0; i < 3; i++)
      results.push(await api.request({ method: 'GET', url: '/v1/probe/courses', headers: { 'x-api-key': 'guess' }, remoteAddress: '10.9.9.9' }));
    expect(results.slice(0, 2).map((r) => r.statusCode)).toEqual([401, 401]);
    expectProblem(results[2], 429, 'rate-limited');
  });
});
