import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ApiKeyRegistry } from '@caddie/access';
import { createConsoleLink } from '../../apps/api/src/cli/console-link';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';

/** Issue 57, point 6: operator data for operators only; the console is same-origin and rate-limited. */
describe('console access boundaries', () => {
  const RATE_LIMIT = 30;
  let api: ApiHarness;
  let cookie: string;
  let csrf: string;

  beforeAll(async () => {
    api = await startApi({ env: { CONSOLE_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } });
    const db = api.app.get<DataSource>(getDataSourceToken());
    const shop = await new ApiKeyRegistry(db, api.config.operatorToken).createOrganization('Print shop');
    const link = await createConsoleLink(db, 'http://api.test', shop.id);
    const signIn = await api.request({ method: 'GET', url: new URL(link.url).pathname + new URL(link.url).search });
    expect(signIn.statusCode).toBe(303);
    cookie = String(signIn.headers['set-cookie']).split(';')[0];
    csrf = (await api.request({ method: 'GET', url: '/console/api/session', headers: { cookie } })).json().csrfToken;
  }, 60_000);
  afterAll(async () => {
    await api.close();
  });

  const createKey = (scopes: string[]) =>
    api.request({ method: 'POST', url: '/console/api/keys', headers: { cookie, 'x-csrf-token': csrf }, payload: { name: 'shop', kind: 'live', scopes } });

  it('refuses operator scopes in the console, offers only organization scopes, and keeps /metrics for operator keys', async () => {
    expectProblem(await createKey(['operations:read']), 403, 'console-scope-reserved');
    expectProblem(await createKey(['courses:read', 'operations:read']), 403, 'console-scope-reserved');
    const offered = (await api.request({ method: 'GET', url: '/console/api/keys', headers: { cookie } })).json().scopes.map((s: { id: string }) => s.id);
    expect(offered).toContain('courses:read');
    expect(offered).not.toContain('operations:read');

    const customer = await createKey(['courses:read']);
    expect(customer.statusCode).toBe(201);
    expectProblem(await api.request({ method: 'GET', url: '/metrics', headers: { 'x-api-key': customer.json().key } }), 403, 'insufficient-scope');
    const operator = await api.createKey({ kind: 'live', scopes: ['operations:read'] });
    const metrics = await api.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${operator.key}` } });
    expect(metrics.statusCode).toBe(200);
  });

  it('lets only the operator grant operator scopes through the key registry', async () => {
    const registry = new ApiKeyRegistry(api.app.get<DataSource>(getDataSourceToken()), api.config.operatorToken);
    await expect(registry.create({ name: 'scraper', kind: 'live', scopes: ['operations:read'] })).rejects.toMatchObject({
      code: 'scope-reserved-for-operator',
    });
    await expect(registry.create({ name: 'scraper', kind: 'live', scopes: ['operations:read'], grantedBy: 'organization' })).rejects.toMatchObject({
      code: 'scope-reserved-for-operator',
    });
    const { summary } = await registry.create({ name: 'scraper', kind: 'live', scopes: ['operations:read'], grantedBy: 'operator' });
    expect(summary.scopes).toEqual(['operations:read']);
  });

  it('answers console requests and preflights from another origin without CORS headers, while /v1 keeps them', async () => {
    const origin = 'https://attacker.example';
    const session = await api.request({ method: 'GET', url: '/console/api/session', headers: { cookie, origin } });
    expect(session.statusCode).toBe(200);
    expect(session.headers['access-control-allow-origin']).toBeUndefined();
    expect(session.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await api.request({
      method: 'OPTIONS',
      url: '/console/api/keys',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-csrf-token, content-type' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    const signIn = await api.request({ method: 'GET', url: '/console/sign-in?token=nothing', headers: { origin } });
    expect(signIn.headers['access-control-allow-origin']).toBeUndefined();
    // the public API still serves browsers (publishable keys are checked by origin there)
    const openapi = await api.request({ method: 'GET', url: '/v1/openapi.json', headers: { origin } });
    expect(openapi.headers['access-control-allow-origin']).toBe(origin);
  });

  it('limits console requests per client address with 429 rate-limited', async () => {
    // fixed one-minute windows: 2 x limit + 1 requests over at most two windows overfill one of them
    const statuses: number[] = [];
    let refused = null;
    for (let i = 0; i < 2 * RATE_LIMIT + 1 && !refused; i++) {
      const answer = await api.request({ method: 'GET', url: '/console/api/session', headers: { cookie }, remoteAddress: '203.0.113.9' });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) refused = answer;
    }
    expect(refused).not.toBeNull();
    const problem = expectProblem(refused!, 429, 'rate-limited');
    expect(problem.detail).toContain(`${RATE_LIMIT} console requests`);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(RATE_LIMIT);
    // another address is not affected
    expect((await api.request({ method: 'GET', url: '/console/api/session', headers: { cookie }, remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
  });
});
