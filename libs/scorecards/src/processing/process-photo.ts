import type { PixelImage } from '@caddie/fiducials';
import { HandwritingProviderError, type CellImage, type CellReading, type HandwritingProvider } from '@caddie/handwriting';
import { discoverPages, type DiscoveredPage } from '../normalize-photo';
import type { NormalizationIssue } from '../response-bodies';
import { decideCardArithmetic } from './card-arithmetic';
import { crossCheckPage, type HolePars } from './cross-checks';
import { obscuredFields } from './cell-visibility';
import { decideField, obscuredField } from './field-decisions';
import { fieldPlan, pageCells, printedSides, type FieldPlan } from './field-plan';
import { processingBodyV3, type PageOutcome } from './processing-body';
import type { ProcessingBodyV3, ProcessingIssue, ProcessingWarning } from './processing-schema';
import { MIN_SOURCE_PIXELS_PER_MM, sourcePixelsPerMm } from './source-detail';
import { decideByPrior } from './value-priors';

export interface ProcessPhotoOptions {
  /** Names the round drafts (`draftId` is derived from it and the page instance id). */
  requestId: string;
  /** Printed par per hole number; enables the score-for-par cross-check. */
  pars?: HolePars;
  /** Aborts between pages and is handed to the provider. */
  signal?: AbortSignal;
  /** Longer side of the marker detection pass. */
  maxDetectionSide?: number;
}

export interface PhotoProcessing {
  body: ProcessingBodyV3;
  /** Cells sent to the handwriting provider (for usage records and metrics). */
  readCells: number;
}

/** Discovery leftovers that cost no page: stray or unreliable markers. Every other issue is a page that is missing. */
const LEFTOVER_EVIDENCE_CODES = new Set(['unassigned-marker', 'unreliable-marker']);

/**
 * Normalizes the photo (up to four pages), reads every page's fields with one provider call
 * per page, decides and cross-checks them, and builds the version 3 body.
 *
 * Provider failures: a page whose answer is invalid (`provider-invalid-response`) is kept as
 * NORMALIZED_ONLY when another page of the photo was read; when no page was read the error
 * is thrown. Every other provider error (unavailable, outcome unknown, misconfigured) is
 * thrown at once: its retry semantics concern the whole request. An aborted signal throws
 * its reason. Normalization errors (no complete page, ...) are thrown as `discoverPages` throws them.
 */
export async function processPhoto(image: PixelImage, provider: HandwritingProvider, options: ProcessPhotoOptions): Promise<PhotoProcessing> {
  const { signal } = options;
  signal?.throwIfAborted();
  const discovery = await discoverPages(image, { maxDetectionSide: options.maxDetectionSide });
  const outcomes: PageOutcome[] = [];
  const invalid: HandwritingProviderError[] = [];
  let readCells = 0;
  for (const [i, page] of discovery.pages.entries()) {
    signal?.throwIfAborted();
    const pageInstanceId = `page-${i + 1}`;
    const design = page.identity.identity.design;
    const outcome: PageOutcome = {
      pageInstanceId,
      design: { designId: design.designId, panel: design.panel },
      fields: null,
      warnings: page.evidence.warnings.map(({ code, message }) => ({ code, message })),
    };
    outcomes.push(outcome);
    const plan = fieldPlan(page.registration.capture);
    if (!plan) {
      outcome.notProcessed = { code: 'scorecard-processing-panel-unsupported', message: `${design.designId} has no handwriting processor` };
      continue;
    }
    const unreadable = detailProblem(page, plan);
    if (unreadable) {
      outcome.notProcessed = unreadable;
      continue;
    }
    // A field whose printed border is mostly hidden is covered in the photo: it is not read
    // (an empty-looking crop there may hide writing) and goes to review as `obscured`.
    const pageFields = pageCells(plan, page.canonical, page.registration.capture.pixelsPerMm);
    const obscured = obscuredFields(pageFields.map((f, k) => ({ id: f.cell.id, sides: printedSides(plan.fields[k]), borderVisible: f.borderVisible })));
    const cells = pageFields.filter((f) => !obscured.has(f.cell.id)).map((f) => f.cell);
    if (obscured.size > 0) outcome.warnings = [...outcome.warnings, obscuredWarning(obscured.size)];
    readCells += cells.length;
    try {
      const readings =
        cells.length > 0 ? checkedReadings(cells, await provider.readCells(cells, signal ? { signal } : undefined)) : new Map<string, CellReading>();
      const own = plan.fields.map((spec) => (obscured.has(spec.id) ? obscuredField(spec) : decideField(spec, readings.get(spec.id) as CellReading, provider)));
      const arithmetic = decideCardArithmetic(plan.fields, decideByPrior(plan.fields, own, readings, provider), readings, provider);
      outcome.fields = crossCheckPage(plan.fields, arithmetic.decisions, options.pars, arithmetic.decided);
    } catch (error) {
      if (!(error instanceof HandwritingProviderError) || error.code !== 'provider-invalid-response') throw error;
      outcome.notProcessed = {
        code: 'scorecard-page-extraction-failed',
        message: 'the handwriting reader returned no valid reading for this page; retry with the same key',
      };
      invalid.push(error);
    }
  }
  if (invalid.length > 0 && outcomes.every((o) => o.fields === null)) throw invalid[0];

  const missing: ProcessingIssue[] = [];
  const warnings: ProcessingWarning[] = [];
  for (const issue of discovery.issues) (LEFTOVER_EVIDENCE_CODES.has(issue.code) ? warnings : missing).push(publicIssue(issue));
  return { body: processingBodyV3(options.requestId, outcomes, missing, warnings), readCells };
}

function publicIssue(issue: NormalizationIssue): { code: string; message: string } {
  return { code: issue.code, message: issue.message };
}

function obscuredWarning(fields: number): ProcessingWarning {
  const what = fields === 1 ? '1 field is' : `${fields} fields are`;
  return {
    code: 'fields-obscured',
    message: `${what} covered in the photo (a finger, pen or phone over the card) and need review; a photo without the obstruction reads them`,
  };
}

/** The page's fields are too coarse in the photo to be read (see MIN_SOURCE_PIXELS_PER_MM). */
function detailProblem(page: DiscoveredPage, plan: FieldPlan): { code: string; message: string } | undefined {
  const capture = page.registration.capture;
  const detail = sourcePixelsPerMm(
    page.registration.canonicalToSource,
    capture.canonicalPixels,
    capture.pixelsPerMm,
    plan.fields.map((f) => f.box),
  );
  if (detail >= MIN_SOURCE_PIXELS_PER_MM) return undefined;
  return {
    code: 'scorecard-page-detail-too-low',
    message: 'the page is too small or too steep in the photo for its handwriting to be read; photograph it closer and flatter',
  };
}

/** One valid reading per cell sent, matched by id; anything else is an invalid provider answer. */
function checkedReadings(cells: readonly CellImage[], readings: unknown): Map<string, CellReading> {
  const invalid = (why: string) => new HandwritingProviderError('provider-invalid-response', why);
  if (!Array.isArray(readings)) throw invalid('the readings are not a list');
  const wanted = new Set(cells.map((c) => c.id));
  const byId = new Map<string, CellReading>();
  for (const r of readings as CellReading[]) {
    const valid =
      r !== null &&
      typeof r === 'object' &&
      typeof r.id === 'string' &&
      typeof r.blank === 'boolean' &&
      (r.literal === null || typeof r.literal === 'string') &&
      typeof r.confidence === 'number' &&
      r.confidence >= 0 &&
      r.confidence <= 1 &&
      Array.isArray(r.alternatives) &&
      r.alternatives.every(
        (a) => a !== null && typeof a === 'object' && typeof a.literal === 'string' && typeof a.confidence === 'number' && Number.isFinite(a.confidence),
      );
    if (!valid) throw invalid('a reading is malformed');
    if (!wanted.has(r.id)) throw invalid(`a reading names cell ${JSON.stringify(r.id).slice(0, 40)}, which was not sent`);
    if (byId.has(r.id)) throw invalid(`cell ${r.id} was read twice`);
    byId.set(r.id, r);
  }
  if (byId.size !== wanted.size) throw invalid(`${wanted.size - byId.size} cell(s) came back without a reading`);
  return byId;
}
