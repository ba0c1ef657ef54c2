// Runs a k6 script's scenarios the way `k6 run` does, as far as the harness goes (README.md): setup()
// on one VU, each scenario's arrival-rate schedule on a shared pool of VU workers, then the thresholds.
import { pathToFileURL } from 'node:url';
import { scheduleOf, millisecondsOf } from './executors.ts';
import { MetricStore } from './metric-store.ts';
import { evaluateThresholds, type ThresholdVerdict } from './thresholds.ts';
import { VuPool } from './vu-pool.ts';

export interface RunOptions {
  script: string;
  env: Record<string, string>;
  /** At most this many VU workers, whatever the script asks (each is a thread with its own script). */
  maxWorkers?: number;
}

export interface RunResult {
  store: MetricStore;
  verdicts: ThresholdVerdict[];
  /** Iterations per scenario: started, finished without an exception, dropped for want of a VU. */
  iterations: Record<string, { started: number; completed: number; failed: number; dropped: number }>;
  errors: string[];
}

const TICK_MS = 5;
const GRACEFUL_STOP_MS = 30_000;

export async function runScript(options: RunOptions): Promise<RunResult> {
  const store = new MetricStore();
  const errors: string[] = [];
  const pool = new VuPool(pathToFileURL(options.script).href, options.env, options.maxWorkers ?? 8, {
    sample: (metric, kind, value, tags) => store.add(metric, kind, value, tags),
    response: (tags, expected, record) => {
      const ok = expected ? expected.includes(record.status) : record.status >= 200 && record.status < 400;
      const all = { ...tags, method: tags.method ?? '', status: String(record.status), expected_response: String(ok) };
      store.add('http_reqs', 'counter', 1, all);
      store.add('http_req_duration', 'trend', record.durationMs, all);
      store.add('http_req_failed', 'rate', ok ? 0 : 1, all);
    },
  });
  try {
    await pool.grow();
    const script = pool.options ?? {};
    const scenarios = Object.entries(script.scenarios ?? {});
    const wanted = scenarios.reduce((sum, [, s]) => sum + (s.preAllocatedVUs ?? 1), 0);
    await Promise.all(Array.from({ length: Math.max(0, wanted - pool.size) }, () => pool.grow()));

    const data = await pool.tryRun({ exec: 'setup', scenario: 'setup', data: null });
    const iterations: RunResult['iterations'] = {};
    const running = new Set<Promise<unknown>>();
    const schedules = scenarios.map(([name, scenario]) => ({ name, scenario, schedule: scheduleOf(name, scenario), started: 0 }));
    for (const { name } of schedules) iterations[name] = { started: 0, completed: 0, failed: 0, dropped: 0 };
    const startedAt = performance.now();
    const lastEnd = Math.max(0, ...schedules.map((s) => s.schedule.endMs));
    for (;;) {
      const now = performance.now() - startedAt;
      for (const s of schedules) {
        const counts = iterations[s.name]!;
        while (s.started < s.schedule.dueBy(now)) {
          s.started++;
          const begun = performance.now();
          const run = pool.tryRun({ exec: s.scenario.exec ?? 'default', scenario: s.name, data });
          if (!run) {
            counts.dropped++;
            store.add('dropped_iterations', 'counter', 1, { scenario: s.name });
            if (pool.size < (options.maxWorkers ?? 8)) void pool.grow().catch((error: Error) => errors.push(error.message));
            continue;
          }
          counts.started++;
          const tracked = run.then(
            () => {
              counts.completed++;
              store.add('iterations', 'counter', 1, { scenario: s.name });
              store.add('iteration_duration', 'trend', performance.now() - begun, { scenario: s.name });
            },
            (error: Error) => {
              counts.failed++;
              errors.push(`${s.name}: ${error.message}`);
            },
          );
          running.add(tracked);
          void tracked.finally(() => running.delete(tracked));
        }
      }
      if (now >= lastEnd) break;
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    const graceMs = Math.max(GRACEFUL_STOP_MS, ...scenarios.map(([, s]) => millisecondsOf(s.gracefulStop)));
    await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, graceMs))]);
    store.end();
    return { store, verdicts: evaluateThresholds(script.thresholds ?? {}, store), iterations, errors };
  } finally {
    await pool.close();
  }
}
