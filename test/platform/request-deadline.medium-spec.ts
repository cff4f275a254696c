import type { AddressInfo } from 'node:net';
import { startApi, type ApiHarness } from '../support/api-harness';
import { expectRawProblem, rawExchange } from '../support/raw-http';
import { ProbeModule } from './probe.controller';

/** Short stand-ins for the defaults (receive 60 s, budget 40 s): the budget is shorter than the receive timeout, as by default. */
const RECEIVE_MS = 2_500;
const BUDGET_MS = 800;

/**
 * Issue 57, point 4: a client that sends its body slowly, or stops, gets 408 request-timeout
 * from the receive timeout, never 503 request-deadline-exceeded from the total budget, which
 * counts from when the body has arrived.
 */
describe('request deadline against the receive timeout (real socket)', () => {
  let api: ApiHarness;
  let port: number;
  beforeAll(async () => {
    api = await startApi({
      extraModules: [ProbeModule],
      env: { REQUEST_RECEIVE_TIMEOUT_MS: String(RECEIVE_MS), HEADERS_TIMEOUT_MS: '1000' },
      requestBudgetMs: BUDGET_MS,
    });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => api.close());

  const head = (method: string, path: string, length: number) =>
    `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('answers a body that trickles and stops with 408 request-timeout at the receive timeout', async () => {
    const started = Date.now();
    const trickle = Array.from({ length: 30 }, () => ' ');
    const answer = await rawExchange(port, [head('POST', '/v1/probe/validate', 100), '{', ...trickle], { gapMs: 150, waitMs: RECEIVE_MS + 5_000 });
    expectRawProblem(answer, 408, 'request-timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(RECEIVE_MS - 100);
  });

  it('answers a body that took longer than the budget to arrive, but arrived in time, normally', async () => {
    const body = JSON.stringify({ name: 'slow-sender', count: 3 });
    const pieces = body.match(/.{1,4}/g)!;
    const started = Date.now();
    const answer = await rawExchange(port, [head('POST', '/v1/probe/validate', body.length), ...pieces], { gapMs: 120, waitMs: RECEIVE_MS + 5_000 });
    expect(Date.now() - started).toBeGreaterThan(BUDGET_MS);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ body: { name: 'slow-sender', count: 3 } });
  });

  it('still ends work that outlasts the budget with 503 request-deadline-exceeded, with or without a body', async () => {
    const bodiless = await rawExchange(port, ['GET /v1/probe/slow?ms=2000 HTTP/1.1\r\nHost: x\r\n\r\n'], { waitMs: 4_000 });
    expectRawProblem(bodiless, 503, 'request-deadline-exceeded');
    const body = '{"name":"x"}';
    const withBody = await rawExchange(port, [head('POST', '/v1/probe/slow?ms=2000', body.length) + body], { waitMs: 4_000 });
    expectRawProblem(withBody, 503, 'request-deadline-exceeded');
    expect(withBody.headers).toMatch(/retry-after: 5/i);
  });
});
