import { z } from 'zod';
import { PRINTABLE_STATUSES } from '@caddie/persistence';
import type { OperationSpec } from '../platform/http/operation.decorator';
import { freeFormJson } from '../platform/openapi/free-form-json';
import { IDEMPOTENCY_PROBLEMS } from '../platform/idempotency/idempotency-problems';
import { PRINTABLE_DATA_PROBLEMS, PRINTABLE_REQUEST_PROBLEMS } from './printables-problems';

/** Declarations shared by the printables operations (the controller holds one @Operation per route). */
export const printablesRead = { tags: ['Printables'], service: 'course-printables', access: 'key', scope: 'printables:read' } satisfies Partial<OperationSpec>;
export const printablesWrite = {
  tags: ['Printables'],
  service: 'course-printables',
  access: 'private-key',
  scope: 'printables:write',
} satisfies Partial<OperationSpec>;

const courseId = z.string().max(200).describe('Course layout id, e.g. demo-pine-hollow');
const printableId = z.string().max(60).describe('Printable id (prt_…)');
export const courseParams = z.strictObject({ courseId });
export const printableParams = z.strictObject({ printableId });
export const coursePrintableParams = z.strictObject({ courseId, printableId });
export const templateParams = z.strictObject({ templateId: z.string().max(80).describe('family@version, e.g. yardage-book@1') });

const printableRequestFields = {
  template: z.string().max(80).describe('Template and version, e.g. yardage-book@1 (GET /v1/printables/templates lists them)'),
  options: z
    .record(z.string(), freeFormJson('An option value'))
    .optional()
    .describe("The template's options (its description gives their JSON Schema); omitted ones take their defaults"),
};
export const createBody = z.strictObject(printableRequestFields);
export const compileBody = z.strictObject({
  ...printableRequestFields,
  previewPages: z.number().int().min(0).max(4).optional().describe('How many first pages to preview (0..4, default 2)'),
});

const isoTime = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());
const listFields = {
  cursor: z.string().max(200).optional().describe('nextCursor of the previous page'),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'an integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .default(20)
    .describe('Page size 1..100 (default 20)'),
};
export const coursePrintablesQuery = z.strictObject(listFields);
export const searchQuery = z.strictObject({
  ...listFields,
  courseId: courseId.optional(),
  template: z.string().max(80).optional().describe('Exact template version, e.g. yardage-book@1'),
  status: z.enum(PRINTABLE_STATUSES as [string, ...string[]]).optional(),
  createdFrom: isoTime.optional().describe('Created at or after (ISO 8601)'),
  createdBefore: isoTime.optional().describe('Created before (ISO 8601)'),
  q: z.string().min(1).max(100).optional().describe('Free text matched against the course name (case-insensitive)'),
});

/** Codes every course-addressed printables operation can answer with. */
export const COURSE_PROBLEMS = ['course-not-found', 'invalid-course-id'];
export const REQUEST_PROBLEMS = [
  ...COURSE_PROBLEMS,
  ...Object.keys(PRINTABLE_REQUEST_PROBLEMS),
  ...Object.keys(PRINTABLE_DATA_PROBLEMS),
  'printable-data-missing',
];
export const CREATE_PROBLEMS = [
  ...REQUEST_PROBLEMS,
  ...Object.keys(IDEMPOTENCY_PROBLEMS),
  'printable-create-in-progress',
  'printable-idempotency-unavailable',
  'printable-package-busy',
  'render-unavailable',
];
/** A read may find a ready printable's package gone and queue its render again. */
export const READ_PROBLEMS = ['printable-not-found', 'printable-package-busy', 'render-unavailable'];

export const PRINTABLE_DESCRIPTION =
  'A printable belongs to the organization of the key that created it; any other organization gets 404 printable-not-found. `status` moves queued → rendering → ready (or failed with `error`); `pages` counts rendered pages. When ready, `links` are signed URLs (15 minutes) to the PDF (trim plus 1/8 in bleed, TrimBox and BleedBox set, fonts embedded), each page PNG, manifest.json and one ZIP of all three; read the printable again for fresh links.';
