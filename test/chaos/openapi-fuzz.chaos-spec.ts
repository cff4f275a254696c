import { ALL_SCOPES } from '@caddie/access';
import { startApi, type ApiHarness } from '../support/api-harness';
import { contractBreach, type SeenAnswer } from '../support/declared-answers';

/**
 * Every operation of the OpenAPI document, called with hostile path values, query strings,
 * credentials, media types and bodies. What a client must never see: a 5xx other than a declared
 * 502/503/504 problem, or an error answer that is not a problem document with a declared code.
 */
const PATH_VALUES = [
  'demo-pine-hollow',
  '%ZZ',
  '%00',
  '%0D%0ASet-Cookie:%20x=1',
  'x%3E%3B%20rel%3D%22preload%22',
  '%C4%80',
  '..%2F..%2Fetc',
  '-1',
  '99999999999999999999',
  '1e309',
  'a'.repeat(600),
  '%F0%9F%8F%8C',
  'null',
];
const QUERIES = [
  '',
  '?x=1',
  '?zoom=-1&format=gif',
  '?width=999999&height=abc',
  '?revision=sha256:zz',
  `?q=${'a'.repeat(5000)}`,
  '?api_key=caddie_live_x',
  '?width=1&width=2',
];
const BODIES: { type?: string; payload?: string }[] = [
  {},
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '[]' },
  { type: 'application/json', payload: '{' },
  { type: 'application/json', payload: '{"subject":{"type":"green","holeNumber":3},"output":{"format":"png","width":480,"height":480}}' },
  { type: 'application/json', payload: JSON.stringify({ image: { url: 'https://[::127.0.0.1]/a.jpg' } }) },
  { type: 'application/json', payload: JSON.stringify({ pad: 'x'.repeat(5_000_000) }) },
  { type: 'text/plain', payload: 'hello' },
  { type: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nnot a jpeg\r\n--x--\r\n' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=1' },
];

describe('OpenAPI fuzzer (every operation)', () => {
  let api: ApiHarness;
  let key: string;
  beforeAll(async () => {
    api = await startApi({ env: { RENDER_WAIT_MS: '0', RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000' } });
    key = (await api.createKey({ kind: 'live', scopes: ALL_SCOPES.filter((s) => !['course-graphics:browser', 'scorecards:capture'].includes(s)) })).key;
  }, 60_000);
  afterAll(() => api?.close());

  it('answers every fuzzed request with a result or a declared problem document', async () => {
    const doc = (await api.request({ method: 'GET', url: '/v1/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const answers: SeenAnswer[] = [];
    let operations = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))) {
        operations++;
        const paths = PATH_VALUES.map((value) => template.replace(/\{[^}]+\}/g, value));
        const credentials: Record<string, string>[] = [
          { 'x-api-key': key },
          {},
          { authorization: 'Bearer caddie_live_not_a_key' },
          { 'x-api-key': key, origin: 'https://evil.example' },
        ];
        const cases: { url: string; headers: Record<string, string>; payload?: string }[] = [];
        for (const path of paths)
          for (const query of QUERIES.slice(0, 3)) cases.push({ url: path + query, headers: credentials[cases.length % credentials.length] });
        for (const query of QUERIES) cases.push({ url: paths[0] + query, headers: { 'x-api-key': key } });
        if (method !== 'get') {
          for (const body of BODIES) {
            cases.push({
              url: paths[0],
              headers: { 'x-api-key': key, 'idempotency-key': `fuzz-${cases.length}-key`, ...(body.type ? { 'content-type': body.type } : {}) },
              payload: body.payload,
            });
          }
        }
        for (const c of cases) {
          const response = await api.request({ method: method.toUpperCase() as 'GET', url: c.url, headers: c.headers, payload: c.payload });
          const contentType = String(response.headers['content-type'] ?? '');
          let code: string | undefined;
          if (contentType.startsWith('application/problem+json')) code = (response.json() as { code?: string }).code;
          answers.push({ what: `${method.toUpperCase()} ${c.url.slice(0, 120)}`, status: response.statusCode, contentType, code });
        }
      }
    }
    const breaches = answers.map(contractBreach).filter(Boolean);
    const byStatus = answers.reduce<Record<number, number>>((acc, a) => ((acc[a.status] = (acc[a.status] ?? 0) + 1), acc), {});
    process.stdout.write(
      `fuzzer: ${answers.length} requests over ${operations} operations; statuses ${JSON.stringify(byStatus)}; breaches ${breaches.length}\n`,
    );
    expect(operations).toBeGreaterThanOrEqual(20);
    expect(breaches).toEqual([]);
  }, 600_000);
});
