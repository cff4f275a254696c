import { Histogram, Registry } from 'prom-client';
import { LatencyHistogram } from './latency-histogram';

const BOUNDS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

describe('LatencyHistogram', () => {
  /** the same observations into prom-client's Histogram and a LatencyHistogram, each in its own registry */
  function both() {
    const reference = new Registry();
    const ours = new Registry();
    const histogram = new Histogram({
      name: 'x_seconds',
      help: 'Latency "of" things\\n',
      labelNames: ['method', 'route', 'status'],
      buckets: BOUNDS,
      registers: [reference],
    });
    const latency = new LatencyHistogram('x_seconds', 'Latency "of" things\\n', ['method', 'route', 'status'], BOUNDS, ours);
    const observe = (method: string, route: string, status: string, seconds: number) => {
      histogram.observe({ method, route, status }, seconds);
      latency.labels(method, route, status).observe(seconds);
    };
    return { reference, ours, observe, latency };
  }

  it("reads out exactly as prom-client's Histogram, text and JSON, bucket edges and the +Inf bucket included", async () => {
    const { reference, ours, observe } = both();
    const values = [0, 0.001, 0.002, 0.0020001, 0.0049, 0.3, 1, 29.9, 30, 31, 1e6];
    values.forEach((v, i) => observe('GET', '/v1/courses/:courseId/maps/tiles/:zoom/:x/:y', i % 3 ? '200' : '304', v));
    observe('POST', 'unmatched', '404', 0.01);
    observe('GET', '/v1/a "quoted" \\ route', '500', 0.07);
    expect(await ours.metrics()).toBe(await reference.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());
    expect(await ours.metrics()).toContain('x_seconds_bucket{le="0.005",method="GET",route="/v1/courses/:courseId/maps/tiles/:zoom/:x/:y",status="304"} 2');
  });

  it('gives one series per label set, kept by the caller', async () => {
    const { latency, ours } = both();
    const series = latency.labels('GET', '/r', '200');
    expect(latency.labels('GET', '/r', '200')).toBe(series);
    expect(latency.labels('GET', '/r', '304')).not.toBe(series);
    series.observe(0.003);
    series.observe(0.2);
    series.observe(Number.NaN);
    series.observe(Number.POSITIVE_INFINITY);
    const text = await ours.metrics();
    expect(text).toContain('x_seconds_count{method="GET",route="/r",status="200"} 2');
    expect(text).toContain('x_seconds_sum{method="GET",route="/r",status="200"} 0.203');
    expect(text).toContain('x_seconds_bucket{le="0.005",method="GET",route="/r",status="200"} 1');
    expect(text).toContain('x_seconds_count{method="GET",route="/r",status="304"} 0');
    latency.reset();
    expect(await ours.metrics()).not.toContain('x_seconds_count');
  });
});
