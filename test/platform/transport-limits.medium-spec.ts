import type { AddressInfo } from 'node:net';
import { startApi, type ApiHarness } from '../support/api-harness';
import { expectRawProblem, rawExchange } from '../support/raw-http';

describe('transport errors as problem documents (real socket)', () => {
  let api: ApiHarness;
  let port: number;
  beforeAll(async () => {
    api = await startApi({ env: { REQUEST_RECEIVE_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000', BODY_LIMIT_BYTES: '2000' } });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    port = (api.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => api.close());

  const get = (path: string, extra = '') => rawExchange(port, [`GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}\r\n`]);

  it('answers a malformed percent escape with 400 invalid-url', async () => {
    expectRawProblem(await get('/v1/courses/%ZZ'), 400, 'invalid-url');
  });

  it('answers a path segment over 512 characters with 414 uri-too-long', async () => {
    expectRawProblem(await get(`/v1/courses/${'a'.repeat(600)}`), 414, 'uri-too-long');
  });

  it('answers a query over 16 kB with 431 headers-too-large', async () => {
    expectRawProblem(await get(`/v1/services?q=${'a'.repeat(17_000)}`), 431, 'headers-too-large');
  });

  it('answers an unparsable Content-Length with 400 invalid-content-length', async () => {
    const answer = await rawExchange(port, [
      'POST /v1/scorecards/normalize HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 12abc\r\n\r\n{}',
    ]);
    expectRawProblem(answer, 400, 'invalid-content-length');
  });

  it('answers garbage instead of HTTP with 400 invalid-request', async () => {
    expectRawProblem(await rawExchange(port, ['NOT HTTP AT ALL\r\n\r\n']), 400, 'invalid-request');
  });

  it('answers a body that never completes with 408 request-timeout instead of waiting forever', async () => {
    const answer = await rawExchange(
      port,
      ['POST /v1/scorecards/normalize HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"'],
      { waitMs: 6000 },
    );
    expectRawProblem(answer, 408, 'request-timeout');
  });

  it('answers headers that drip in too slowly with 408 request-timeout', async () => {
    const pieces = ['GET /v1/services HTTP/1.1\r\n', ...Array.from({ length: 10 }, (_, i) => `X-Drip-${i}: 1\r\n`)];
    expectRawProblem(await rawExchange(port, pieces, { gapMs: 400, waitMs: 8000 }), 408, 'request-timeout');
  });

  it('answers an oversized scorecard JSON body with 413 scorecard-request-too-large', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/v1/scorecards/normalize',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ image: { url: `https://example.com/${'a'.repeat(3000)}` } }),
    });
    expect({ status: response.statusCode, code: response.json().code }).toEqual({ status: 413, code: 'scorecard-request-too-large' });
  });
});
