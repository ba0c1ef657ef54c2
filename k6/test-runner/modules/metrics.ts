// `k6/metrics` as the harness provides it: custom metrics whose samples go to the runner.
import type { MetricKind } from '../protocol.ts';
import { addSample } from '../vu-context.ts';

class Metric {
  constructor(
    readonly name: string,
    private readonly kind: MetricKind,
  ) {}
  add(value: number | boolean, tags: Record<string, string> = {}): void {
    addSample(this.name, this.kind, Number(value), tags);
  }
}

export class Counter extends Metric {
  constructor(name: string) {
    super(name, 'counter');
  }
}
export class Gauge extends Metric {
  constructor(name: string) {
    super(name, 'gauge');
  }
}
export class Rate extends Metric {
  constructor(name: string) {
    super(name, 'rate');
  }
}
export class Trend extends Metric {
  constructor(name: string) {
    super(name, 'trend');
  }
}
