/**
 * Every template previews through the HTTP route for both demo courses and a real imported
 * course: the console's preview is this call, and it answered 500 for green books, hole sheets
 * and yardage books previewed past their second page (60 dpi art below the renderer's minimum).
 */
import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { courseRevision, generateDemoCourses, importOsm, measureCourse } from '@caddie/catalog';
import { describeTemplate, listTemplates } from '@caddie/printables';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import { startApi, type ApiHarness } from '../support/api-harness';
import { sharedDataPath, SHARED_DATA } from '../support/shared-data';

/** Enough pages to reach every kind a template has: cover, overview, hole, green. */
const PREVIEW_PAGES = 4;

describe('printable previews through POST /v1/courses/{id}/printables/compile', () => {
  let api: ApiHarness;
  let key: string;
  const courseIds = ['demo-pine-hollow', 'demo-cedar-links'];

  beforeAll(async () => {
    api = await startApi();
    const store = api.app.get(CoursesService).store;
    for (const c of generateDemoCourses()) await store.upsert(c, courseRevision(c));
    if (existsSync(SHARED_DATA)) {
      const [augusta] = importOsm([{ name: 'augusta_national_us.osm', content: readFileSync(sharedDataPath('osm', 'augusta_national_us.osm')) }]).courses;
      const measured = { ...augusta, measurements: measureCourse(augusta) };
      await store.upsert(measured, courseRevision(measured));
      courseIds.push(measured.id);
    } else {
      console.warn('skip: the Augusta National previews need ../shared/data, which is absent');
    }
    key = (await api.createKey({ kind: 'live', scopes: ['printables:read'] })).key;
  }, 120_000);
  afterAll(() => api?.close());

  const templates = listTemplates().map((t) => t.id);

  it.each(templates)(
    '%s previews for every course (200, PNG pages)',
    async (template) => {
      for (const courseId of courseIds) {
        const response = await api.request({
          method: 'POST',
          url: `/v1/courses/${courseId}/printables/compile`,
          headers: { 'x-api-key': key },
          payload: { template, previewPages: PREVIEW_PAGES },
        });
        expect({ courseId, template, status: response.statusCode, body: response.statusCode === 200 ? '' : response.body }).toEqual({
          courseId,
          template,
          status: 200,
          body: '',
        });
        const body = response.json();
        expect(body.previews.length).toBe(Math.min(PREVIEW_PAGES, body.manifest.pages.length));
        for (const preview of body.previews) {
          const png = Buffer.from(preview.dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
          const meta = await sharp(png).metadata();
          expect(meta.format).toBe('png');
          expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(600);
        }
      }
    },
    300_000,
  );

  it.each(templates)(
    '%s previews with every value of each of its choice options',
    async (template) => {
      const schema = describeTemplate(template)!.options as { properties: Record<string, { enum?: unknown[]; type?: string }> };
      for (const [name, option] of Object.entries(schema.properties)) {
        const values = option.enum ?? (option.type === 'boolean' ? [true, false] : []);
        for (const value of values) {
          const response = await api.request({
            method: 'POST',
            url: `/v1/courses/demo-pine-hollow/printables/compile`,
            headers: { 'x-api-key': key },
            payload: { template, options: { [name]: value }, previewPages: PREVIEW_PAGES },
          });
          // a display template asked to follow Rule 4.3 is refused by design, with the rule named
          const refusedByRule = response.statusCode === 422 && response.json().code === 'printable-rule-4.3-violation';
          expect({ template, [name]: value, status: refusedByRule ? 200 : response.statusCode }).toEqual({ template, [name]: value, status: 200 });
        }
      }
    },
    600_000,
  );
});
