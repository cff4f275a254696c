/** Response schemas of the course-printables routes. */
import { z } from 'zod';
import { freeFormJson } from '../platform/openapi/free-form-json';

const isoTime = z.string().describe('ISO 8601 UTC timestamp');

export const templateDescriptionSchema = z.object({
  id: z.string().describe('family@version, e.g. yardage-book@1'),
  name: z.string(),
  family: z.string(),
  version: z.number().int().min(1),
  description: z.string(),
  purpose: z.enum(['play', 'display', 'scorecard']).describe('play templates default to rules "rule-4.3"'),
  pageSizes: z.array(z.string()),
  defaultPageSize: z.string(),
  options: z.record(z.string(), freeFormJson('A JSON Schema keyword')).describe('JSON Schema (object) of the options'),
  publishedAt: isoTime.describe('templates are immutable once published; a change is a new version'),
});

export const templateListSchema = z.strictObject({ items: z.array(templateDescriptionSchema) });

/** The manifest of libs/printables (also manifest.json in the package); described loosely, its page entries grow. */
export const rule43Report = z.object({
  greenScale: z.string().optional().describe('largest scale of a green on the page, e.g. 1:480'),
  compliant: z.boolean(),
  reasons: z.array(z.string()),
});

const manifestSchema = z
  .object({
    schema: z.literal('caddie-printable-manifest@1'),
    template: z.string(),
    options: z.record(z.string(), freeFormJson('An option value, defaults filled')),
    courseId: z.string(),
    courseRevision: z.string(),
    courseName: z.string(),
    page: z.object({ size: z.string(), widthIn: z.number(), heightIn: z.number(), bleedIn: z.number(), dpi: z.number() }),
    pages: z.array(
      z.object({
        index: z.number().int(),
        kind: z.string(),
        title: z.string(),
        holeNumber: z.number().int().optional(),
        holeNumbers: z.array(z.number().int()).optional().describe('greens of a pin sheet page'),
        design: z.string().optional().describe('scorecard design of a card page'),
        trimIn: z.strictObject({ width: z.number(), height: z.number() }).optional().describe('trim size when the page differs from page'),
        greenScaleDenominator: z.number().optional().describe('N of the 1:N scale of the green drawings'),
        holds: z.array(z.string()),
        missing: z.array(z.string()),
        rule43: rule43Report.optional(),
      }),
    ),
    rules: z.enum(['rule-4.3', 'none']),
    compliance: z.object({ compliant: z.boolean(), pages: z.array(rule43Report.extend({ index: z.number().int(), pageSize: z.string() })) }),
    missingData: z.array(z.string()),
    warnings: z.array(z.string()),
    attribution: z.array(z.string()),
  })
  .describe('What the printable holds: pages, page size, missing data, warnings, the Rule 4.3 report');

export const compileResponseSchema = z.strictObject({
  manifest: manifestSchema,
  contentKey: z.string().describe('sha256: of the printables version, course revision and normalized request; identical printables share it'),
  previews: z
    .array(z.strictObject({ index: z.number().int(), contentType: z.literal('image/png'), dataUrl: z.string() }))
    .describe('small PNG previews of the first pages'),
});

const linksSchema = z.strictObject({
  pdf: z.string().url(),
  zip: z.string().url().describe('PDF, page PNGs and manifest.json'),
  manifest: z.string().url(),
  pages: z.array(z.string().url()).describe('one PNG per page at the manifest dpi'),
  expiresAt: isoTime.describe('signed links are short-lived; read the printable again for fresh ones'),
});

const printableFields = {
  id: z.string().regex(/^prt_[0-9a-z]+$/),
  courseId: z.string(),
  courseName: z.string(),
  courseRevision: z.string(),
  template: z.string().describe('the exact template version used'),
  options: z.record(z.string(), freeFormJson('An option value')).describe('normalized options, defaults filled'),
  status: z.enum(['queued', 'rendering', 'ready', 'failed']),
  pages: z.strictObject({ done: z.number().int().min(0), total: z.number().int().min(0) }),
  createdAt: isoTime,
  updatedAt: isoTime,
  error: z.strictObject({ code: z.string(), detail: z.string() }).optional().describe('why the render failed (status failed)'),
  deletedAt: isoTime.optional().describe('when the printable was deleted (only an Idempotency-Key replay shows a deleted printable; it has no links)'),
};

export const printableSchema = z.strictObject({
  ...printableFields,
  manifest: manifestSchema,
  links: linksSchema.optional().describe('signed links, when ready'),
});

export const printableListSchema = z.strictObject({
  items: z.array(z.strictObject(printableFields)).describe('newest first; read one printable for its manifest and links'),
  nextCursor: z.string().nullable().describe('pass as cursor for the next page; null on the last page'),
});
