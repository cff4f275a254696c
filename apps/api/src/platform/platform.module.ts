import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AccessPolicy } from './auth/access-policy';
import { AccessGuard } from './auth/access.guard';
import { ApiKeysService } from './auth/api-keys.service';
import { RouteCatalogService } from './catalog/route-catalog.service';
import { ServicesController } from './catalog/services.controller';
import { StylesController } from './catalog/styles.controller';
import { DatabaseModule } from './database/database.module';
import { HealthController } from './health/health.controller';
import { AdmissionGate } from './http/admission-gate';
import { DirectRoutes } from './http/direct-routes';
import { MetricsService } from './observability/metrics.service';
import { OpenApiController } from './openapi/openapi.controller';
import { ProblemFilter, ProblemResponder } from './problems/problem.filter';
import { ProblemsController } from './problems/problems.controller';
import { RateLimiterService } from './rate-limit/rate-limiter.service';
import { RedisModule } from './redis/redis.module';
import { ARTIFACT_STORE, artifactStoreProvider } from './storage/artifact-store.provider';

/** What every feature stands on: database, Redis and queues, auth, rate limits, problems, catalog, docs, health. */
@Global()
@Module({
  imports: [DiscoveryModule, DatabaseModule, RedisModule],
  controllers: [ServicesController, StylesController, ProblemsController, OpenApiController, HealthController],
  providers: [
    RouteCatalogService,
    ApiKeysService,
    RateLimiterService,
    AccessPolicy,
    ProblemResponder,
    DirectRoutes,
    AdmissionGate,
    MetricsService,
    artifactStoreProvider,
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: APP_FILTER, useClass: ProblemFilter },
  ],
  exports: [RouteCatalogService, ApiKeysService, RateLimiterService, MetricsService, DirectRoutes, AdmissionGate, ARTIFACT_STORE],
})
export class PlatformModule {}
