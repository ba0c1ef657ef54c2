// k6 thresholds: `metric{tag:value,...}` keys with `aggregate operator number` expressions, judged
// against the run's samples. A threshold on a metric without samples passes, and says so.
import type { Aggregates, MetricStore } from './metric-store.ts';

export interface ThresholdVerdict {
  key: string;
  expression: string;
  /** A duration threshold (of a trend): the harness may report it without failing the run. */
  latency: boolean;
  value: number | null;
  passed: boolean;
}

const OPERATORS: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/** `name{a:b,c:d}` → name and tag filter. */
export function parseKey(key: string): { name: string; filter: Record<string, string> } {
  const brace = key.indexOf('{');
  if (brace < 0) return { name: key.trim(), filter: {} };
  const filter: Record<string, string> = {};
  for (const pair of key.slice(brace + 1, key.lastIndexOf('}')).split(',')) {
    const colon = pair.indexOf(':');
    if (colon > 0) filter[pair.slice(0, colon).trim()] = pair.slice(colon + 1).trim();
  }
  return { name: key.slice(0, brace).trim(), filter };
}

/** `p(99)<25` → the aggregate's value, or throws on an expression k6 would refuse. */
function judge(expression: string, aggregates: Aggregates): { value: number; passed: boolean } {
  const match = /^\s*(avg|min|max|med|count|rate|value|p\((\d+(?:\.\d+)?)\))\s*(===|==|!=|<=|>=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(expression);
  if (!match) throw new Error(`threshold expression not understood: ${expression}`);
  const [, aggregate, percentile, operator, bound] = match;
  const value =
    percentile !== undefined ? aggregates.percentile(Number(percentile)) : aggregates[aggregate as 'avg' | 'min' | 'max' | 'med' | 'count' | 'rate' | 'value'];
  return { value, passed: OPERATORS[operator!]!(value, Number(bound)) };
}

export function evaluateThresholds(thresholds: Record<string, Array<string | { threshold: string }>>, store: MetricStore): ThresholdVerdict[] {
  const verdicts: ThresholdVerdict[] = [];
  for (const [key, expressions] of Object.entries(thresholds)) {
    const { name, filter } = parseKey(key);
    const aggregates = store.aggregate(name, filter);
    for (const entry of expressions) {
      const expression = typeof entry === 'string' ? entry : entry.threshold;
      const latency = aggregates?.kind === 'trend' || name.endsWith('_duration');
      if (!aggregates) {
        verdicts.push({ key, expression, latency, value: null, passed: true });
        continue;
      }
      verdicts.push({ key, expression, latency, ...judge(expression, aggregates) });
    }
  }
  return verdicts;
}
