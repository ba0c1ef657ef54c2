// The samples of a run, and the aggregates k6's thresholds and summary read from them.
import type { MetricKind } from './protocol.ts';

interface Sample {
  value: number;
  tags: Record<string, string>;
}

export interface Aggregates {
  kind: MetricKind;
  samples: number;
  count: number;
  rate: number;
  avg: number;
  min: number;
  max: number;
  med: number;
  value: number;
  percentile(p: number): number;
}

export class MetricStore {
  private readonly metrics = new Map<string, { kind: MetricKind; samples: Sample[] }>();
  private readonly startedAt = performance.now();
  private endedAt: number | null = null;

  add(name: string, kind: MetricKind, value: number, tags: Record<string, string>): void {
    let metric = this.metrics.get(name);
    if (!metric) this.metrics.set(name, (metric = { kind, samples: [] }));
    metric.samples.push({ value, tags });
  }

  end(): void {
    this.endedAt = performance.now();
  }

  names(): string[] {
    return [...this.metrics.keys()].sort();
  }

  /** The aggregates of `name`'s samples whose tags include every one of `filter`; null when it has none. */
  aggregate(name: string, filter: Record<string, string> = {}): Aggregates | null {
    const metric = this.metrics.get(name);
    if (!metric) return null;
    const values = metric.samples.filter((s) => Object.entries(filter).every(([tag, value]) => s.tags[tag] === value)).map((s) => s.value);
    if (values.length === 0) return null;
    const sorted = [...values].sort((a, b) => a - b);
    const sum = values.reduce((a, b) => a + b, 0);
    const seconds = ((this.endedAt ?? performance.now()) - this.startedAt) / 1000;
    const percentile = (p: number) => {
      // k6's: linear between the two closest ranks.
      const rank = (p / 100) * (sorted.length - 1);
      const low = Math.floor(rank);
      const high = Math.min(low + 1, sorted.length - 1);
      return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
    };
    return {
      kind: metric.kind,
      samples: values.length,
      count: metric.kind === 'counter' ? sum : values.length,
      rate: metric.kind === 'rate' ? values.filter((v) => v !== 0).length / values.length : sum / Math.max(seconds, 0.001),
      avg: sum / values.length,
      min: sorted[0]!,
      max: sorted[sorted.length - 1]!,
      med: percentile(50),
      value: values[values.length - 1]!,
      percentile,
    };
  }
}
