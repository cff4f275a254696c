import { z } from 'zod';
import { DESIGN_CATALOG, findCapture, isProductionRoutable, renderPrintableCard } from '@caddie/fiducials';
import { fieldDecisionSchema, fieldPlan, parseFieldValue, roundDraft, type FieldDecision, type FieldPlan } from '@caddie/scorecards';
import { ApiProblem } from '../platform/problems/api-problem';

/** What each production design is, in the words of a course ordering cards; `roundHoles` is the round a card is made for. */
const DESIGN_NAMES: Record<string, { name: string; roundHoles: 9 | 18 }> = {
  M9H1: { name: '9-hole card, holes 1–9 (A5 landscape)', roundHoles: 9 },
  M9H1GG: { name: '9-hole card, holes 1–9, wider club and distance columns (half-letter)', roundHoles: 9 },
  M9H10GG: { name: 'Back-nine card, holes 10–18, wider club and distance columns (half-letter)', roundHoles: 9 },
  M18F: { name: '18-hole card, front page: holes 1–9 and round details (A5 portrait)', roundHoles: 18 },
  M18B: { name: '18-hole card, back page: holes 10–18, round summary and penalties (A5 portrait)', roundHoles: 18 },
};

/** The production designs a card can be printed for (single-page captures, the ones processing reads), named in words. */
export function productionDesigns() {
  return DESIGN_CATALOG.filter((d) => isProductionRoutable(d.designCode)).map((d) => ({
    designCode: d.designCode,
    designId: d.designId,
    captureId: d.captures['single-page']?.captureId ?? null,
    name: DESIGN_NAMES[d.designCode]?.name ?? d.designCode,
    holeNumbers: d.holeNumbers,
    roundHoles: DESIGN_NAMES[d.designCode]?.roundHoles ?? 18,
  }));
}

/** The design a course's card starts from: one made for a round of its length that begins at hole 1. */
export function fittingDesign(designs: ReturnType<typeof productionDesigns>, holeCount: number): string | undefined {
  const round = holeCount <= 9 ? 9 : 18;
  return (designs.find((d) => d.roundHoles === round && d.holeNumbers[0] === 1) ?? designs.find((d) => d.holeNumbers[0] === 1) ?? designs[0])?.designCode;
}

/** A printable card of one production design for a course, as its vector PDF. */
export async function printableCardPdf(design: string, course: Parameters<typeof renderPrintableCard>[2]): Promise<Buffer> {
  if (!isProductionRoutable(design))
    throw new ApiProblem(
      'console-scorecard-design-unknown',
      `${design.slice(0, 40)} is not a production design; use one of ${productionDesigns()
        .map((d) => d.designCode)
        .join(', ')}.`,
    );
  return (await renderPrintableCard(design, 'single-page', course)).pdf;
}

function planOf(captureId: string): FieldPlan {
  const capture = findCapture(captureId);
  const plan = capture && fieldPlan(capture);
  if (!plan) throw new ApiProblem('console-scorecard-correction-invalid', `${captureId.slice(0, 60)} is not a production capture with a field plan.`);
  return plan;
}

/**
 * Where each processed field is written on the normalized page of a capture: boxes as
 * fractions of the canonical image (the same plan the reader crops with), for the overlay.
 */
export function fieldRegions(captureId: string) {
  return planOf(captureId).fields.map((f) => ({
    id: f.id,
    row: f.row,
    field: f.field,
    content: f.content,
    ...(f.range ? { range: f.range } : {}),
    box: f.box,
  }));
}

/** A normalize v4 body with the field regions added to every normalized page (for the console overlay). */
export function withFieldRegions(body: Record<string, unknown>): Record<string, unknown> {
  const pages = (body.pages as Record<string, unknown>[] | undefined) ?? [];
  return {
    ...body,
    pages: pages.map((page) => {
      const captureId = (page.template as { captureId?: string } | undefined)?.captureId;
      const capture = captureId ? findCapture(captureId) : undefined;
      return capture && fieldPlan(capture) ? { ...page, fieldRegions: fieldRegions(capture.captureId) } : page;
    }),
  };
}

const correctionValue = z.union([z.number().int(), z.string().max(200)]);
const draftRequestSchema = z.strictObject({
  requestId: z.string().min(1).max(200),
  pageInstanceId: z.string().min(1).max(64),
  captureId: z.string().min(1).max(100),
  fields: z.array(fieldDecisionSchema).min(1).max(200),
  corrections: z.record(z.string().max(100), correctionValue),
});

/**
 * The round draft of a page after a reviewer's corrections: every corrected field becomes
 * ACCEPTED with the corrected value (checked by the same field rules the reader uses), then
 * the draft is built by the processing library's own selection policy. Nothing is stored:
 * the caller sends the page's decisions from its processing answer.
 */
export function correctedDraft(body: unknown) {
  const parsed = draftRequestSchema.safeParse(body);
  if (!parsed.success)
    throw new ApiProblem(
      'console-scorecard-correction-invalid',
      parsed.error.issues
        .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
        .join('; ')
        .slice(0, 500),
    );
  const { requestId, pageInstanceId, captureId, corrections } = parsed.data;
  const specs = new Map(planOf(captureId).fields.map((f) => [f.id, f]));
  const fields: FieldDecision[] = parsed.data.fields.map((f) => ({ ...f }) as FieldDecision);
  const errors: string[] = [];
  for (const [id, raw] of Object.entries(corrections)) {
    const spec = specs.get(id);
    const index = fields.findIndex((f) => `${f.row}.${f.field}` === id);
    if (!spec || index < 0) {
      errors.push(`${id}: not a field of this page`);
      continue;
    }
    const reading = parseFieldValue(spec, String(raw));
    if (!reading.valid) {
      errors.push(
        `${id}: ${JSON.stringify(String(raw).slice(0, 20))} is ${reading.reason}${spec.range ? ` (expected ${spec.range.min}..${spec.range.max})` : ''}`,
      );
      continue;
    }
    fields[index] = { row: spec.row, field: spec.field, decision: 'ACCEPTED', value: reading.value, literal: String(raw), reasonCodes: [] };
  }
  if (errors.length) throw new ApiProblem('console-scorecard-correction-invalid', errors.join('; '), { extras: { fields: errors } });
  return {
    draft: roundDraft(requestId, pageInstanceId, fields),
    fields,
    reviewFields: fields.filter((f) => f.decision === 'NEEDS_REVIEW').map((f) => `${f.row}.${f.field}`),
  };
}
