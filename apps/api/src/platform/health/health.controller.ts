import { z } from 'zod';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import type { ArtifactStore } from '@caddie/artifacts';
import { Operation } from '../http/operation.decorator';
import { MetricsService } from '../observability/metrics.service';
import { REDIS } from '../redis/redis.module';
import { ARTIFACT_STORE } from '../storage/artifact-store.provider';

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref())]);

const dependencyCheck = z.union([
  z.strictObject({ status: z.literal('ok'), ms: z.number().int().min(0) }),
  z.strictObject({ status: z.literal('failed'), error: z.string() }),
]);
const readinessSchema = z.strictObject({
  status: z.enum(['ready', 'not-ready']),
  checks: z.strictObject({ database: dependencyCheck, redis: dependencyCheck, artifactStore: dependencyCheck }),
});

@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ARTIFACT_STORE) private readonly store: ArtifactStore,
    private readonly metrics: MetricsService,
  ) {}

  @Get('health')
  @Operation({
    operationId: 'getHealth',
    summary: 'Liveness',
    tags: ['Operations'],
    access: 'public',
    unversioned: true,
    responses: { 200: { description: 'The process is up', schema: z.strictObject({ status: z.literal('ok') }) } },
    example: { summary: 'Up', responses: { 200: { status: 'ok' } } },
  })
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  @Operation({
    operationId: 'getReadiness',
    summary: 'Readiness: database, Redis and artifact store',
    tags: ['Operations'],
    access: 'public',
    unversioned: true,
    responses: { 200: { description: 'Every dependency answers', schema: readinessSchema }, 503: { description: 'At least one dependency failed (body lists each check)', schema: readinessSchema } },
    example: {
      summary: 'All three dependencies answer',
      responses: { 200: { status: 'ready', checks: { database: { status: 'ok', ms: 2 }, redis: { status: 'ok', ms: 1 }, artifactStore: { status: 'ok', ms: 3 } } } },
    },
  })
  async ready(@Res() reply: FastifyReply) {
    const checks = {
      database: () => this.db.query('SELECT 1'),
      redis: () => this.redis.ping(),
      artifactStore: () => this.store.check(),
    };
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        const started = performance.now();
        try {
          await withTimeout(check(), 2000);
          return [name, { status: 'ok', ms: Math.round(performance.now() - started) }] as const;
        } catch (error) {
          return [name, { status: 'failed', error: (error as Error).message.slice(0, 200) }] as const;
        }
      }),
    );
    const ok = results.every(([, r]) => r.status === 'ok');
    reply.status(ok ? 200 : 503).header('cache-control', 'no-store').send({ status: ok ? 'ready' : 'not-ready', checks: Object.fromEntries(results) });
  }

  @Get('metrics')
  @Operation({
    operationId: 'getMetrics',
    summary: 'Prometheus metrics',
    tags: ['Operations'],
    access: 'public',
    unversioned: true,
    responses: { 200: { description: 'Prometheus text format', contentTypes: ['text/plain'] } },
    example: {
      summary: 'A scrape',
      responses: { 200: '# TYPE caddie_http_request_duration_seconds histogram\ncaddie_http_request_duration_seconds_bucket{method="GET",route="/v1/courses/:courseId",status="200",le="0.05"} 12\n' },
    },
  })
  async prometheus(@Res() reply: FastifyReply) {
    reply.header('content-type', this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
