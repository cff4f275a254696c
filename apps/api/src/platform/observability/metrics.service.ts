import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

type Observer = { observe(seconds: number): void };

/** Prometheus metrics of one API process: HTTP latency by route pattern, and queue depths read at scrape time. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly httpDuration = new Histogram({
    name: 'caddie_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  /** one labelled child per method, route and status: observing then skips hashing the label set */
  private readonly httpObservers = new Map<string, Observer>();

  constructor(@InjectQueue('render') renderQueue: Queue, @InjectQueue('scorecard') scorecardQueue: Queue) {
    collectDefaultMetrics({ register: this.registry, prefix: 'caddie_' });
    const queues = [renderQueue, scorecardQueue];
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
    const key = `${method} ${status} ${route}`;
    let observer = this.httpObservers.get(key);
    if (!observer) {
      // bounded: Fastify accepts only known methods, and routes are patterns ('unmatched' for the rest)
      observer = this.httpDuration.labels({ method, route, status: String(status) });
      this.httpObservers.set(key, observer);
    }
    observer.observe(seconds);
  }
}
