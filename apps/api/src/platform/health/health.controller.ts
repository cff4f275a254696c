import { z } from 'zod';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';
import type { ArtifactStore } from '@caddie/artifacts';
import { prefixProbeKey, QUEUE_NAMES, type RedisClient } from '@caddie/jobs';
import { ApiConfig } from '../config/api-config';
import { Operation } from '../http/operation.decorator';
import { ApiProblem } from '../problems/api-problem';
import { MetricsService } from '../observability/metrics.service';
import { QueueConsumers } from '../redis/queue-consumers';
import { REDIS } from '../redis/redis.module';
import { ARTIFACT_STORE } from '../storage/artifact-store.provider';

const CHECK_TIMEOUT_MS = 2000;
class CheckTimeout extends Error {}
const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new CheckTimeout()), ms).unref())]);

const dependencyCheck = z.union([
  z.strictObject({ status: z.literal('ok'), ms: z.number().int().min(0) }),
  z.strictObject({ status: z.literal('failed'), reason: z.enum(['timeout', 'error']) }),
]);
const queueState = z.enum(['ok', 'no-consumer', 'unknown']);
const readinessSchema = z.strictObject({
  status: z.literal('ready'),
  checks: z.strictObject({ database: dependencyCheck, redis: dependencyCheck, artifactStore: dependencyCheck }),
  queues: z.strictObject({ render: queueState, 'render-batch': queueState, scorecard: queueState }),
});

@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(ARTIFACT_STORE) private readonly store: ArtifactStore,
    private readonly metrics: MetricsService,
    private readonly consumers: QueueConsumers,
    private readonly config: ApiConfig,
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
    summary: 'Readiness: database, Redis, artifact store, and a live consumer on each queue',
    description:
      "Each check reports `ok` with its latency or `failed` with a reason (`timeout` after 2 s, or `error`; never internal error text). `checks.redis` writes one key under the Redis prefix: on a Redis Cluster it fails unless the master owning the prefix's hash slot answers. `queues.render`, `queues.render-batch` (map archive builds, consumed by the render workers) and `queues.scorecard` are `ok` when at least one worker of that queue is connected, `no-consumer` when none is (then the process is not ready: requests needing that queue would wait for nothing), `unknown` when Redis cannot list its clients.",
    tags: ['Operations'],
    access: 'public',
    unversioned: true,
    responses: {
      200: { description: 'Every dependency answers and every queue has a consumer', schema: readinessSchema },
      503: { description: 'Problem `not-ready`: at least one dependency failed or a queue has no consumer (members `checks` and `queues` list each)' },
    },
    problems: ['not-ready'],
    example: {
      summary: 'All three dependencies answer and every queue has a worker',
      responses: {
        200: {
          status: 'ready',
          checks: { database: { status: 'ok', ms: 2 }, redis: { status: 'ok', ms: 1 }, artifactStore: { status: 'ok', ms: 3 } },
          queues: { render: 'ok', 'render-batch': 'ok', scorecard: 'ok' },
        },
      },
    },
  })
  async ready(@Res() reply: FastifyReply) {
    const checks = {
      database: () => this.db.query('SELECT 1'),
      // a write to a key of the prefix's hash slot: on a cluster it proves the slot's current
      // master serves (a slot no master owns, or one mid-failover, fails the check), not just a node
      redis: () => this.redis.set(prefixProbeKey(this.config.env.REDIS_PREFIX), String(Date.now()), 'PX', 60_000),
      artifactStore: () => this.store.check(),
    };
    const queueStates = Promise.all(
      QUEUE_NAMES.map(async (name) => {
        const present = await this.consumers.present(name);
        return [name, present === undefined ? 'unknown' : present ? 'ok' : 'no-consumer'] as const;
      }),
    );
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        const started = performance.now();
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return [name, { status: 'ok', ms: Math.round(performance.now() - started) }] as const;
        } catch (error) {
          return [name, { status: 'failed', reason: error instanceof CheckTimeout ? 'timeout' : 'error' }] as const;
        }
      }),
    );
    const queues = Object.fromEntries(await queueStates);
    const ok = results.every(([, r]) => r.status === 'ok') && Object.values(queues).every((q) => q !== 'no-consumer');
    const detail = { checks: Object.fromEntries(results), queues };
    reply.header('cache-control', 'no-store');
    if (ok) return reply.status(200).send({ status: 'ready', ...detail });
    // not ready is an error answer like any other: a problem document, with each check as a member
    throw new ApiProblem('not-ready', 'A dependency failed or a queue has no consumer; see checks and queues.', { extras: detail });
  }

  @Get('metrics')
  @Operation({
    operationId: 'getMetrics',
    summary: 'Prometheus metrics',
    description:
      'Operational figures (request latencies by route, queue depths, cache and rate-limit counters) are not for the public: a private key with scope `operations:read` is required (an operator scope: only `npm run keys` grants it; the console refuses it), sent like any key (`Authorization: Bearer` suits Prometheus `authorization` settings).',
    tags: ['Operations'],
    access: 'private-key',
    scope: 'operations:read',
    unversioned: true,
    responses: { 200: { description: 'Prometheus text format', contentTypes: ['text/plain'] } },
    example: {
      summary: 'A scrape',
      responses: {
        200: '# TYPE caddie_http_request_duration_seconds histogram\ncaddie_http_request_duration_seconds_bucket{method="GET",route="/v1/courses/:courseId",status="200",le="0.05"} 12\n',
      },
    },
  })
  async prometheus(@Res() reply: FastifyReply) {
    reply.header('content-type', this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }
}
