import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { ProbeModule } from './probe.controller';

describe('problem documents on every error path', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi({ extraModules: [ProbeModule], env: { BODY_LIMIT_BYTES: '1000' } });
  });
  afterAll(() => api.close());

  it('answers unknown routes with 404 not-found', async () => {
    expectProblem(await api.request({ method: 'GET', url: '/v1/nowhere' }), 404, 'not-found');
    expectProblem(await api.request({ method: 'GET', url: '/nowhere/at/all?x=1' }), 404, 'not-found');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await api.request({ method: 'DELETE', url: '/v1/services' });
    expectProblem(response, 405, 'method-not-allowed');
    expect(response.headers.allow).toBe('GET');
  });

  it('answers malformed JSON with invalid-json', async () => {
    const response = await api.request({ method: 'POST', url: '/v1/probe/validate', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expectProblem(response, 400, 'invalid-json');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await api.request({ method: 'POST', url: '/v1/probe/validate', headers: { 'content-type': 'application/x-unknown' }, payload: 'x' });
    expectProblem(response, 415, 'unsupported-content-type');
  });

  it('answers an oversized body with 413', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/v1/probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2000), count: 1 }),
    });
    expectProblem(response, 413, 'request-too-large');
  });

  it('names every invalid parameter together', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/v1/probe/validate?n=99',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: '', count: 1.5 }),
    });
    const body = expectProblem(response, 400, 'invalid-parameter');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ parameter: 'name', code: 'invalid-parameter' }),
        expect.objectContaining({ parameter: 'count', code: 'invalid-parameter' }),
      ]),
    );
  });

  it('answers unknown parameters with unknown-parameter', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/v1/probe/validate?nn=1',
      headers: { 'content-type': 'application/json' },
      payload: { name: 'a', count: 1 },
    });
    const body = expectProblem(response, 400, 'unknown-parameter');
    expect(body.errors).toEqual([expect.objectContaining({ parameter: 'nn' })]);
  });

  it('passes valid input through, typed', async () => {
    const response = await api.request({ method: 'POST', url: '/v1/probe/validate?n=3', payload: { name: 'a', count: 2 } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ query: { n: 3 }, body: { name: 'a', count: 2 } });
  });

  it('accepts and echoes a request id, or makes one', async () => {
    const echoed = await api.request({ method: 'GET', url: '/v1/nowhere', headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
    expect(echoed.json().requestId).toBe('trace-123');
    const made = await api.request({ method: 'GET', url: '/health', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
