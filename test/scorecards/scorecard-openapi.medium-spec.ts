import { startApi, type ApiHarness } from '../support/api-harness';

describe('the scorecard operations in /v1/openapi.json', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    // Another operator token: header names follow it, in the document as on the wire.
    api = await startApi({ env: { OPERATOR_TOKEN: 'fairway' } });
  });
  afterAll(() => api?.close());

  const operation = async (path: string) => (await api.request({ method: 'GET', url: '/v1/openapi.json' })).json().paths[path].post;
  const headerParameters = (op: { parameters: { in: string }[] }) => op.parameters.filter((p) => p.in === 'header');

  it('declares the normalization version header as a parameter of normalize', async () => {
    const normalize = await operation('/v1/scorecards/normalize');
    expect(headerParameters(normalize)).toEqual([
      expect.objectContaining({
        name: 'fairway-scorecard-normalization-version',
        in: 'header',
        required: false,
        schema: { type: 'string', enum: ['2', '3', '4'], default: '4' },
      }),
    ]);
    expect(Object.keys(normalize.responses['200'].headers).sort()).toEqual(['Cache-Control', 'fairway-scorecard-normalization-version']);
  });

  it('declares Idempotency-Key (required, with its pattern) and the processing version header on process', async () => {
    const process = await operation('/v1/scorecards/process');
    const headers = headerParameters(process) as Record<string, any>[];
    expect(headers.map((h) => [h.name, h.required])).toEqual([
      ['Idempotency-Key', true],
      ['fairway-scorecard-processing-version', false],
    ]);
    const key = headers[0].schema;
    expect(key).toMatchObject({ type: 'string', minLength: 8, maxLength: 128 });
    const pattern = new RegExp(key.pattern);
    expect(['abcd-1234', '!'.repeat(128)].every((k) => pattern.test(k))).toBe(true);
    expect(['short', 'with space!', 'x'.repeat(129), 'é-not-ascii'].some((k) => pattern.test(k))).toBe(false);
    expect(headers[1].schema).toEqual({ type: 'string', enum: ['3'], default: '3' });
    expect(process.responses['200'].headers['fairway-scorecard-processing-version']).toBeDefined();
  });

  it('reads the same declared header on the wire', async () => {
    const { key } = await api.createKey({ kind: 'live', scopes: ['scorecards:process'] });
    const response = await api.request({
      method: 'POST',
      url: '/v1/scorecards/normalize',
      headers: { 'x-api-key': key, 'fairway-scorecard-normalization-version': '5', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(406);
    expect(response.json().code).toBe('unsupported-normalization-version');
  });
});
