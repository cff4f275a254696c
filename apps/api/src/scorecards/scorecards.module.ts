import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../platform/catalog/route-catalog.service';
import { ApiProblem } from '../platform/problems/api-problem';
import { ScorecardQueue } from './scorecard-queue';
import { ProcessingService } from './processing.service';
import { ScorecardArtifactDelivery } from './scorecard-artifact-delivery';
import { ScorecardImageSource } from './scorecard-image-source';
import { MULTIPART_LIMITS } from './scorecard-request-reader';
import { ScorecardsController } from './scorecards.controller';
import { ScorecardsService } from './scorecards.service';
import { UsageMeter } from './usage-meter';

/** Routes that read multipart bodies; every other route keeps refusing them with 415. */
const MULTIPART_ROUTES = new Set([
  `/${API_PREFIX}/scorecards/normalize`,
  `/${API_PREFIX}/scorecards/process`,
  // the console's upload routes call the same services (apps/api/src/console)
  '/console/api/scorecards/normalize',
  '/console/api/scorecards/process',
]);

@Module({
  controllers: [ScorecardsController],
  providers: [ScorecardsService, ProcessingService, ScorecardQueue, ScorecardArtifactDelivery, ScorecardImageSource, UsageMeter],
  exports: [ScorecardsService, ProcessingService],
})
export class ScorecardsModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /**
   * @fastify/multipart's parser only marks a request as multipart (the handler streams the
   * parts after authentication), but it is registered for the whole instance; the hook
   * keeps multipart bodies out of every route that does not read them.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // Not awaited: awaiting would load the plugin queue now, before Nest installs its error
    // handler, and the routes would keep Fastify's default one. It loads at ready().
    void fastify.register(fastifyMultipart, { limits: { fileSize: MULTIPART_LIMITS.imageBytes }, throwFileSizeLimit: true });
    fastify.addHook('preValidation', async (request) => {
      if (request.isMultipart() && !MULTIPART_ROUTES.has(request.routeOptions.url ?? '')) {
        throw new ApiProblem('unsupported-content-type', 'This operation does not accept multipart/form-data.');
      }
    });
  }
}
