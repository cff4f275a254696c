import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Operation } from '../platform/http/operation.decorator';
import { SCORECARD_PROBLEMS } from './scorecard-problems';
import { normalizationV4Schema, normalizeRequestSchema } from './scorecard-responses.schema';
import { ScorecardsService } from './scorecards.service';

/** Problems a normalize request can answer with (every scorecard code but those of other endpoints). */
const NORMALIZE_PROBLEMS = [
  ...Object.keys(SCORECARD_PROBLEMS),
  'invalid-json',
  'invalid-content-length',
  'invalid-request-body',
  'unsupported-content-type',
];

@Controller('scorecards')
export class ScorecardsController {
  constructor(private readonly scorecards: ScorecardsService) {}

  @Post('normalize')
  @HttpCode(200)
  @Operation({
    operationId: 'normalizeScorecard',
    summary: 'Normalize a photograph of printed scorecard pages',
    description: [
      'Finds up to four complete marker-registered pages in one photo, reads each page\'s printed S identity, and returns canonical geometry plus a normalized PNG and a marker-diagnostic JPEG per page (signed URLs, at most 1 hour; objects eligible for deletion 1 day later, rounded up to UTC midnight). The submitted photo is processed in memory and never persisted (`source.persisted` is always false).',
      '',
      'Request header `caddie-scorecard-normalization-version` (the operator token prefixes it): `2`, `3` or `4`, default `4`; any other value answers 406 `unsupported-normalization-version`. The response carries the same header with the selected version.',
      '',
      'Versions: 4 returns every complete page (`status` COMPLETE, or PARTIAL with `issues` when other marker evidence is incomplete or a page identity is unreadable, unknown or disabled). 3 returns one capture (topology-neutral regions) and 2 the frozen square-marker M9 shape; a photo they cannot express (more than one complete page; for version 2 also M18 designs and spreads) answers 406 `scorecard-normalization-version-incompatible`.',
      '',
      'Decisions: the production capture registry holds the single-page captures of the production designs (`M9H1/front-nine-page`, `M9H1GG/front-nine-page`, `M9H10GG/back-nine-page`, `M18F/front-nine-page`, `M18B/back-nine-page`); spread captures answer 422 `scorecard-capture-disabled`. The decoded-pixel limit (40,000,000) applies to uploads too. When only the lower-left index marker of a page is missing the answer is 422 `scorecard-index-marker-missing`. Marker or perspective uncertainty is always a 422, never a guessed crop.',
    ].join('\n'),
    tags: ['Scorecards'],
    service: 'scorecards',
    access: 'private-key',
    scope: 'scorecards:process',
    bodyDoc: normalizeRequestSchema,
    bodyContentTypes: ['multipart/form-data', 'application/json'],
    responses: {
      200: {
        description: 'Normalized pages (version 4 shape shown)',
        schema: normalizationV4Schema,
        headers: { 'caddie-scorecard-normalization-version': 'The normalization version of the body: 2, 3 or 4.' },
      },
    },
    problems: NORMALIZE_PROBLEMS,
  })
  async normalize(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const answer = await this.scorecards.normalize(request);
    reply.header(this.scorecards.versionHeader, String(answer.version));
    return answer.body;
  }
}
