import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';

const COURSE = 'demo-cedar-links';
const PROBLEM_BYTES = 16 * 1024;

/** JSON text of `levels` nested objects around 1, written directly (JSON.stringify itself overflows near 5,000). */
const nestedJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/**
 * Issue 57, points 3 and 5: input that is huge or deep answers 400 with a small problem
 * document naming where the bad value is, never a 500 or an echo of the input.
 */
describe('hostile request bodies', () => {
  let api: ApiHarness;
  let key: string;

  beforeAll(async () => {
    api = await startApi();
    const store = api.app.get(CoursesService).store;
    for (const c of generateDemoCourses()) await store.upsert(c, courseRevision(c));
    key = (await api.createKey({ kind: 'live', scopes: ['printables:read', 'printables:write', 'course-graphics:read'] })).key;
  }, 60_000);
  afterAll(() => api?.close());

  const post = (url: string, json: string) =>
    api.request({ method: 'POST', url, headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: json });
  /** The problem, checked for its status, code and size. */
  const small = (response: Awaited<ReturnType<typeof post>>, status: number, code: string) => {
    const body = expectProblem(response, status, code);
    expect(response.rawPayload.length).toBeLessThan(PROBLEM_BYTES);
    return body;
  };

  it.each([
    ['compile', `/v1/courses/${COURSE}/printables/compile`],
    ['create', `/v1/courses/${COURSE}/printables`],
  ])('refuses printable options nested 5,000 levels deep (%s) with 400 naming the option', async (_name, url) => {
    const body = small(await post(url, `{"template":"hole-sheet@1","options":{"hole":${nestedJson(5_000)}}}`), 400, 'json-too-deep');
    expect(body.detail).toMatch(/^The JSON body nests deeper than 64 levels at options\.hole\.a\.a/);
    expect(body.errors).toEqual([{ parameter: expect.stringMatching(/^options\.hole\.a.*more levels/), code: 'json-too-deep', detail: expect.any(String) }]);
  });

  it('refuses deep nesting on every JSON route, before its own validation', async () => {
    small(await post(`/v1/courses/${COURSE}/graphics/images`, `{"subject":${nestedJson(5_000)}}`), 400, 'json-too-deep');
    small(await post('/v1/renders/r_nothing/overlays', `{"receipt":"x","overlays":[${nestedJson(100_000)}]}`), 400, 'json-too-deep');
    // 64 levels are still read as JSON and judged by the route (here: not an integer)
    small(
      await post(`/v1/courses/${COURSE}/printables/compile`, `{"template":"hole-sheet@1","options":{"hole":${nestedJson(60)}}}`),
      400,
      'invalid-printable-option',
    );
  });

  it('quotes a 4 MB option value as a short excerpt', async () => {
    const response = await post(
      `/v1/courses/${COURSE}/printables/compile`,
      JSON.stringify({ template: 'yardage-book@1', options: { rules: 'x'.repeat(4_000_000) } }),
    );
    const body = small(response, 400, 'invalid-printable-option');
    expect(body.detail).toMatch(/^options\.rules: "x{20,}…/);
  });

  it('answers a 200,000-key option value and 200,000 unknown options with a bounded problem', async () => {
    const wide = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i]));
    const valueResponse = await post(`/v1/courses/${COURSE}/printables/compile`, JSON.stringify({ template: 'yardage-book@1', options: { rules: wide } }));
    expect(small(valueResponse, 400, 'invalid-printable-option').detail).toMatch(/^options\.rules: \{"k0":0,"k1":1,.*…/);

    const unknownResponse = await post(`/v1/courses/${COURSE}/printables/compile`, JSON.stringify({ template: 'yardage-book@1', options: wide }));
    const unknown = small(unknownResponse, 400, 'invalid-printable-request');
    expect(unknown.errors).toHaveLength(20);
    expect(unknown.detail).toMatch(/and 199995 more$/);
  });

  it('clips an unknown option name of a megabyte', async () => {
    const response = await post(
      `/v1/courses/${COURSE}/printables/compile`,
      JSON.stringify({ template: 'yardage-book@1', options: { ['n'.repeat(1_000_000)]: 1 } }),
    );
    const body = small(response, 400, 'unknown-printable-option');
    expect((body.errors as { parameter: string }[])[0].parameter).toMatch(/^options\.n{100,}…$/);
  });
});
