import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Operation, type OperationSpec } from '../platform/http/operation.decorator';
import { PROCESSING_PROBLEMS } from './processing-problems';
import { processingV3Schema } from './processing-response.schema';
import { ProcessingService } from './processing.service';
import { IDEMPOTENCY_KEY_HEADER, NORMALIZATION_VERSION_HEADER, PROCESSING_VERSION_HEADER } from './scorecard-headers';
import { SCORECARD_PROBLEMS } from './scorecard-problems';
import { normalizationV4Schema, normalizeRequestSchema } from './scorecard-responses.schema';
import { ScorecardsService } from './scorecards.service';
import { SCORECARD_EXAMPLES } from './scorecard-examples';

/** Problems a normalize request can answer with (every scorecard code but those of other endpoints). */
const NORMALIZE_PROBLEMS = [
  ...Object.keys(SCORECARD_PROBLEMS),
  'invalid-json',
  'json-too-deep',
  'invalid-content-length',
  'invalid-request-body',
  'unsupported-content-type',
  'server-busy',
];

/** A process request can answer with every shared scorecard code but the normalization-only ones, and the processing codes. */
const PROCESS_PROBLEMS = [
  ...NORMALIZE_PROBLEMS.filter(
    (code) => !['unsupported-normalization-version', 'scorecard-normalization-version-incompatible', 'scorecard-normalization-unavailable'].includes(code),
  ),
  ...Object.keys(PROCESSING_PROBLEMS),
];

/** What both scorecard operations share: one photo in, a private key with scorecards:process. */
const PHOTO_REQUEST = {
  tags: ['Scorecards'],
  service: 'scorecards',
  access: 'private-key',
  scope: 'scorecards:process',
  bodyDoc: normalizeRequestSchema,
  bodyContentTypes: ['multipart/form-data', 'application/json'],
} satisfies Partial<OperationSpec>;

@Controller('scorecards')
export class ScorecardsController {
  constructor(
    private readonly scorecards: ScorecardsService,
    private readonly processing: ProcessingService,
  ) {}

  @Post('normalize')
  @HttpCode(200)
  @Operation({
    operationId: 'normalizeScorecard',
    summary: 'Normalize a photograph of printed scorecard pages',
    description: [
      "Finds up to four complete marker-registered pages in one photo, reads each page's printed S identity, and returns canonical geometry plus a normalized PNG and a marker-diagnostic JPEG per page (signed URLs, at most 1 hour; objects eligible for deletion 1 day later, rounded up to UTC midnight). The submitted photo is processed in memory and never persisted (`source.persisted` is always false).",
      '',
      'Request header `caddie-scorecard-normalization-version` (the operator token prefixes it): `2`, `3` or `4`, default `4`; any other value answers 406 `unsupported-normalization-version`. The response carries the same header with the selected version.',
      '',
      "Versions: 4 lists every complete page in reading order (rows top to bottom, left to right within a row): NORMALIZED pages with geometry and artifacts, and REJECTED pages (a complete marker set whose identity is unreadable, unknown, disabled or contradicted) with their `captureId`, `sourceCorners` and the structured issue; top-level `status` is COMPLETE, or PARTIAL with `issues` (rejected pages' issues name their `pageInstanceId`) when other marker evidence is incomplete or a page is rejected; at least one page is NORMALIZED, otherwise the first page's problem is the answer. 3 returns one capture (topology-neutral regions) and 2 the frozen square-marker M9 shape; a photo they cannot express (more than one complete page; for version 2 also M18 designs and spreads) answers 406 `scorecard-normalization-version-incompatible`.",
      '',
      'Decisions: the production capture registry holds the single-page captures of the production designs (`M9H1/front-nine-page`, `M9H1GG/front-nine-page`, `M9H10GG/back-nine-page`, `M18F/front-nine-page`, `M18B/back-nine-page`); spread captures answer 422 `scorecard-capture-disabled`. The decoded-pixel limit (40,000,000) applies to uploads too. When only the lower-left index marker of a page is missing the answer is 422 `scorecard-index-marker-missing`. `scorecard-identity-contradictory` (another card or identity label in frame): a page is contradicted when a decoded marker of another card lies inside its outline, i.e. another card or a loose identity label (found by the index marker printed beside every label) lies on it; a card beside the page, outside its outline, is not a contradiction (version 4 lists it as its own page, or reports its incomplete evidence as an issue). A label without its index marker is not seen. Marker or perspective uncertainty is always a 422, never a guessed crop.',
    ].join('\n'),
    ...PHOTO_REQUEST,
    headers: [NORMALIZATION_VERSION_HEADER],
    responses: {
      200: {
        description: 'Normalized pages (version 4 shape shown)',
        schema: normalizationV4Schema,
        headers: {
          [NORMALIZATION_VERSION_HEADER.name]: 'The normalization version of the body: 2, 3 or 4.',
          'Cache-Control': '`no-store`: the body carries bearer URLs.',
        },
      },
    },
    problems: NORMALIZE_PROBLEMS,
    example: SCORECARD_EXAMPLES.normalize,
  })
  async normalize(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await this.scorecards.normalize(request);
    reply.header(this.scorecards.versionHeader, String(answer.version));
    // The body holds bearer URLs to the derived images: no shared or private cache may keep it.
    reply.header('cache-control', 'no-store');
    return answer.body;
  }

  @Post('process')
  @HttpCode(200)
  @Operation({
    operationId: 'processScorecard',
    summary: 'Read the handwriting of a photographed scorecard, with review decisions',
    description: [
      "Normalizes up to four complete pages (as normalize version 4) and reads each page's handwritten cells: per hole `score` and `putts`, the totals row, and on M18 pages Round Details (front) or Round Summary and Penalty (back). Each field is ACCEPTED only when the reader's calibrated confidence clears a threshold chosen for at least 99.8% precision among accepted cells and no cross-check flags it, or when the most probable reading consistent with the card arithmetic (holes vs totals, putts <= score) holds it at that confidence (reason `decided-by-cross-check`); otherwise NEEDS_REVIEW with `reasonCodes` and a field-valid `bestGuess` when one exists. Cross-checks: totals row vs the sum of the holes (a conflict the cell probabilities pin on one field flags that field only), putts <= score, field ranges, M18 Round Summary vs the page. Blank or unreadable fields are null. One `roundDrafts[]` entry per processed page; pages are never merged. Crop geometry, marker evidence, model details and debug artifacts are never returned.",
      '',
      'Statuses: top-level COMPLETE (every page processed, nothing to review), COMPLETE_WITH_REVIEW (every page processed, some field needs review), PARTIAL (a page could only be normalized; that page is NORMALIZED_ONLY with an issue). Page: PROCESSED, NEEDS_REVIEW or NORMALIZED_ONLY.',
      '',
      'Required header `Idempotency-Key` (8..128 visible ASCII characters), scoped to the organization. The completed result is stored for 24 hours: the same key with the same image, metadata and version returns it (header `Idempotent-Replayed: true`) without reading again or recording usage; the same key with other input answers 409 `idempotency-key-conflict`; while the first request runs, 409 `scorecard-processing-in-progress` with Retry-After; when an earlier attempt may have read the photo without storing a result (worker deadline passed mid-reading, provider timeout), 409 `scorecard-processing-outcome-unknown`: do not retry with a new key automatically. A failed request keeps nothing, so the same key may retry. One `scorecards:process` usage unit is recorded per completed logical request.',
      '',
      'Header `caddie-scorecard-processing-version` (the operator token prefixes it): `3` (default). Versions 1 and 2 are earlier contracts not served here; they and any other value answer 406 `scorecard-processing-version-incompatible`. The scorecard endpoints are synchronous and create no client-visible jobs or webhooks.',
    ].join('\n'),
    ...PHOTO_REQUEST,
    headers: [IDEMPOTENCY_KEY_HEADER, PROCESSING_VERSION_HEADER],
    responses: {
      200: {
        description: 'Processing result, version 3',
        schema: processingV3Schema,
        headers: {
          [PROCESSING_VERSION_HEADER.name]: 'The processing version of the body: 3.',
          'Cache-Control': '`no-store`.',
          'Idempotent-Replayed': '`true` when the stored result of an earlier request with the same key was returned.',
        },
      },
    },
    problems: PROCESS_PROBLEMS,
    example: SCORECARD_EXAMPLES.process,
  })
  async process(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await this.processing.process(request);
    reply.header(this.processing.versionHeader, '3');
    reply.header('cache-control', 'no-store');
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return answer.body;
  }
}
