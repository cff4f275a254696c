import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { QUEUES, type ApiQueues } from '../redis/api-queues';
import { LatencyHistogram, type LatencySeries } from './latency-histogram';

/** Prometheus metrics of one API process: HTTP latency by route pattern, and queue depths read at scrape time. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly httpDuration = new LatencyHistogram(
    'caddie_http_request_duration_seconds',
    'HTTP request latency by method, route pattern and status',
    ['method', 'route', 'status'],
    [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    this.registry,
  );

  constructor(@Inject(QUEUES) byName: ApiQueues) {
    collectDefaultMetrics({ register: this.registry, prefix: 'caddie_' });
    const queues = Object.values(byName);
    new Gauge({
      name: 'caddie_queue_jobs',
      help: 'Jobs per queue and state',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        for (const queue of queues) {
          const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized').catch(() => null);
          if (!counts) continue;
          for (const [state, count] of Object.entries(counts)) this.set({ queue: queue.name, state }, count);
        }
      },
    });
  }

  observeHttp(method: string, route: string, status: number, seconds: number): void {
    this.httpLatency(method, route, status).observe(seconds);
  }

  /**
   * The latency series of a method, route pattern and status, to keep and observe into (the fast
   * lane keeps one per route and status). Bounded: Fastify accepts only known methods, and routes
   * are patterns ('unmatched' for the rest).
   */
  httpLatency(method: string, route: string, status: number): LatencySeries {
    return this.httpDuration.labels(method, route, String(status));
  }
}
