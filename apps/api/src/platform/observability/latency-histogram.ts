import type { Registry } from 'prom-client';

/** One labelled series of a LatencyHistogram: observe() adds a value in seconds. */
export interface LatencySeries {
  observe(seconds: number): void;
}

interface Series extends LatencySeries {
  labels: Record<string, string>;
  /** per bucket (not cumulative), the last one for values above every bound */
  counts: number[];
  sum: number;
  count: number;
}

/** A value as prom-client's Registry reads it from a metric: own labels (`le`) and the series' labels apart. */
interface MetricValue {
  metricName: string;
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  /** none kept (prom-client gives null on buckets without exemplars) */
  exemplar?: null;
}

interface MetricData<V> {
  name: string;
  help: string;
  type: string;
  aggregator: string;
  values: V[];
}

/**
 * A Prometheus histogram whose labelled series are objects the caller keeps: observing is a short
 * scan of the bucket bounds and three additions, with no label hashing or property lookups by
 * string (prom-client's Histogram hashes the label set on every observation, a cost that shows on
 * the busiest routes). It registers in a prom-client Registry and reads out exactly as
 * prom-client's own Histogram does (a unit test holds the two to the same exposition text).
 */
export class LatencyHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** The series of these label values (in labelNames order), created on first use; keep it to observe into. */
  labels(...values: string[]): LatencySeries {
    const key = values.join('\u0000');
    let series = this.series.get(key);
    if (!series) {
      const labels: Record<string, string> = {};
      this.labelNames.forEach((name, i) => (labels[name] = values[i]));
      const bounds = this.bounds;
      const created: Series = {
        labels,
        counts: new Array<number>(bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
        observe(seconds: number) {
          // a clock gone wrong must not turn the sum into NaN for good
          if (!Number.isFinite(seconds)) return;
          let i = 0;
          while (i < bounds.length && seconds > bounds[i]) i++;
          created.counts[i]++;
          created.sum += seconds;
          created.count++;
        },
      };
      this.series.set(key, (series = created));
    }
    return series;
  }

  /** For the Registry's text exposition: bucket, sum and count values of every series, as prom-client's Histogram gives them. */
  async getForPromString(): Promise<MetricData<MetricValue>> {
    const values: MetricValue[] = [];
    const bucket = `${this.name}_bucket`;
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += counts[i];
        values.push({ metricName: bucket, labels: { le }, sharedLabels: labels, value: cumulative, exemplar: null });
      });
      values.push({ metricName: bucket, labels: { le: '+Inf' }, sharedLabels: labels, value: count, exemplar: null });
      values.push({ metricName: `${this.name}_sum`, labels: {}, sharedLabels: labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels: {}, sharedLabels: labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  /** For the Registry's JSON: the same values with each value's labels in one object. */
  async get(): Promise<MetricData<Omit<MetricValue, 'sharedLabels'>>> {
    const data = await this.getForPromString();
    return { ...data, values: data.values.map(({ sharedLabels, labels, ...value }) => ({ ...value, labels: { ...labels, ...sharedLabels } })) };
  }

  reset(): void {
    this.series.clear();
  }
}
