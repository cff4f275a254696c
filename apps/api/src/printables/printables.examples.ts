import type { OperationExample } from '../platform/http/operation.decorator';

/**
 * Example responses of the printables operations, one per operation (keyed by operationId),
 * ready for the `example` field of the `@Operation` declarations.
 */
const createdAt = '2026-11-24T15:00:00.000Z';
const revision = `sha256:${'3f'.repeat(32)}`;
const base = 'https://api.example.com/v1/artifacts';

const templateExample = {
  id: 'yardage-book@1',
  name: 'Yardage book',
  family: 'yardage-book',
  version: 1,
  description: 'Pocket yardage book: cover, course overview, a hole page and a green page per hole, notes pages.',
  purpose: 'play',
  pageSizes: ['pocket', 'a6'],
  defaultPageSize: 'pocket',
  options: {
    type: 'object',
    properties: { pageSize: { enum: ['pocket', 'a6'], default: 'pocket' }, rules: { enum: ['rule-4.3', 'none'], default: 'rule-4.3' } },
  },
  publishedAt: '2026-11-24T00:00:00.000Z',
};

const manifestExample = {
  schema: 'caddie-printable-manifest@1',
  template: 'yardage-book@1',
  options: { pageSize: 'pocket', rules: 'rule-4.3', dpi: 300, cropMarks: false },
  courseId: 'demo-pine-hollow',
  courseRevision: revision,
  courseName: 'Pine Hollow Golf Club',
  page: { size: 'pocket', widthIn: 4.25, heightIn: 7, bleedIn: 0.125, dpi: 300 },
  pages: [
    { index: 0, kind: 'cover', title: 'Pine Hollow Golf Club', holds: ['course name', 'tee sets'], missing: [] },
    {
      index: 2,
      kind: 'green',
      title: 'Hole 1 green',
      holeNumber: 1,
      holds: ['green at 1:480', 'depth', 'width'],
      missing: [],
      rule43: { greenScale: '1:480', compliant: true, reasons: [] },
    },
  ],
  rules: 'rule-4.3',
  compliance: { compliant: true, pages: [] },
  missingData: [],
  warnings: [],
  attribution: [],
};

const printableSummary = {
  id: 'prt_01jd2x7k9q8c3v5n0w4r6t2y8m',
  courseId: 'demo-pine-hollow',
  courseName: 'Pine Hollow Golf Club',
  courseRevision: revision,
  template: 'yardage-book@1',
  options: manifestExample.options,
  status: 'ready',
  pages: { done: 40, total: 40 },
  createdAt,
  updatedAt: '2026-11-24T15:00:21.000Z',
};

const printableExample = {
  ...printableSummary,
  manifest: manifestExample,
  links: {
    pdf: `${base}/cHJpbnRhYmxlcy9wZGY?exp=1764000000&sig=…`,
    zip: `${base}/cHJpbnRhYmxlcy96aXA?exp=1764000000&sig=…`,
    manifest: `${base}/cHJpbnRhYmxlcy9tYW5pZmVzdA?exp=1764000000&sig=…`,
    pages: [`${base}/cHJpbnRhYmxlcy9wYWdlLTAwMQ?exp=1764000000&sig=…`],
    expiresAt: '2026-11-24T15:15:21.000Z',
  },
};

const parameters = { courseId: 'demo-pine-hollow', printableId: printableSummary.id, templateId: 'yardage-book@1' };
const request = { template: 'yardage-book@1', options: { pageSize: 'pocket', rules: 'rule-4.3' } };

/** One worked example per printables operation, for the `example` of its `@Operation` declaration. */
export const PRINTABLE_EXAMPLES = {
  listPrintableTemplates: { summary: 'The published templates', responses: { 200: { items: [templateExample] } } },
  getPrintableTemplate: { summary: 'The pocket yardage book, version 1', parameters, responses: { 200: templateExample } },
  compilePrintable: {
    summary: 'Check a pocket yardage book against the course, with a preview of the cover',
    parameters,
    body: { ...request, previewPages: 1 },
    responses: {
      200: {
        manifest: manifestExample,
        contentKey: `sha256:${'9c'.repeat(32)}`,
        previews: [{ index: 0, contentType: 'image/png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' }],
      },
    },
  },
  createPrintable: {
    summary: 'Render a pocket yardage book (still rendering when the wait ends)',
    parameters,
    body: request,
    responses: { 201: { ...printableSummary, status: 'rendering', pages: { done: 12, total: 40 }, updatedAt: createdAt, manifest: manifestExample } },
  },
  getCoursePrintable: { summary: 'A finished yardage book with its signed links', parameters, responses: { 200: printableExample } },
  listCoursePrintables: {
    summary: 'The newest printables of the course',
    parameters,
    responses: { 200: { items: [printableSummary], nextCursor: 'WyIyMDI2LTExLTI0VDE1OjAwOjAwLjAwMFoiLCJwcnRfMDEiXQ' } },
  },
  getPrintable: { summary: 'A finished yardage book with its signed links', parameters, responses: { 200: printableExample } },
  searchPrintables: {
    summary: 'Ready yardage books of the organization',
    parameters: { template: 'yardage-book@1', status: 'ready' },
    responses: { 200: { items: [printableSummary], nextCursor: null } },
  },
  deletePrintable: { summary: 'Delete a printable and its package', parameters },
} satisfies Record<string, OperationExample>;
