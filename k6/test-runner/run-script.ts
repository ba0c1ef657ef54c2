// Runs a k6 script's scenarios the way `k6 run` does, as far as the harness goes (README.md): setup()
// on one VU, each scenario's arrival-rate schedule on VUs of its own, then the thresholds.
import { pathToFileURL } from 'node:url';
import { millisecondsOf, type Schedule, scheduleOf } from './executors.ts';
import { MetricStore } from './metric-store.ts';
import type { ScenarioOptions } from './protocol.ts';
import { evaluateThresholds, type ThresholdVerdict } from './thresholds.ts';
import { createHttpExecutor } from './http-executor.ts';
import { Vu, type VuEvents } from './vu.ts';

export interface RunOptions {
  script: string;
  env: Record<string, string>;
  /** At most this many VU workers per scenario, whatever the script asks (each is a thread). */
  maxVusPerScenario?: number;
}

export interface RunResult {
  store: MetricStore;
  verdicts: ThresholdVerdict[];
  /** Iterations per scenario: started, finished without an exception, dropped for want of a free VU. */
  iterations: Record<string, { started: number; completed: number; failed: number; dropped: number }>;
  /** Unexpected answers, "route status" → how many. */
  unexpected: Record<string, number>;
  errors: string[];
}

interface Running {
  name: string;
  scenario: ScenarioOptions;
  schedule: Schedule;
  vus: Vu[];
  cap: number;
  growing: number;
  due: number;
}

const TICK_MS = 5;
const GRACEFUL_STOP_MS = 30_000;

export async function runScript(options: RunOptions): Promise<RunResult> {
  const store = new MetricStore();
  const errors: string[] = [];
  const unexpected: Record<string, number> = {};
  const events: VuEvents = {
    sample: (metric, kind, value, tags) => store.add(metric, kind, value, tags),
    response: (tags, expected, record) => {
      const ok = expected ? expected.includes(record.status) : record.status >= 200 && record.status < 400;
      const all = { ...tags, status: String(record.status), expected_response: String(ok) };
      store.add('http_reqs', 'counter', 1, all);
      store.add('http_req_duration', 'trend', record.durationMs, all);
      store.add('http_req_failed', 'rate', ok ? 0 : 1, all);
      if (!ok) {
        const key = `${tags.name} ${record.status}${record.error ? ` (${record.error})` : ''}`;
        unexpected[key] = (unexpected[key] ?? 0) + 1;
      }
    },
  };
  const scriptUrl = pathToFileURL(options.script).href;
  let vuCount = 0;
  const http = createHttpExecutor();
  const startVu = () => Vu.start(scriptUrl, options.env, ++vuCount, events, http);
  const all: Vu[] = [];
  /** VUs still starting: closed with the others when they are up, even after the run ended. */
  const starting = new Set<Promise<unknown>>();
  try {
    const first = await startVu();
    all.push(first);
    const perScenario = options.maxVusPerScenario ?? 4;
    const runs: Running[] = Object.entries(first.options.scenarios ?? {}).map(([name, scenario]) => {
      const pre = Math.min(Math.max(1, scenario.preAllocatedVUs ?? 1), perScenario);
      return {
        name,
        scenario,
        schedule: scheduleOf(name, scenario),
        vus: [],
        cap: Math.max(pre, Math.min(scenario.maxVUs ?? pre, perScenario)),
        growing: 0,
        due: 0,
      };
    });
    // Every scenario's preallocated VUs are up before the clock starts, as in k6.
    await Promise.all(
      runs.map(async (run, i) => {
        const pre = Math.min(Math.max(1, run.scenario.preAllocatedVUs ?? 1), perScenario);
        const vus = await Promise.all(Array.from({ length: i === 0 ? pre - 1 : pre }, startVu));
        all.push(...vus);
        run.vus.push(...(i === 0 ? [first] : []), ...vus);
      }),
    );
    const data = await first.run({ exec: 'setup', scenario: 'setup', data: null });

    const iterations: RunResult['iterations'] = Object.fromEntries(runs.map((r) => [r.name, { started: 0, completed: 0, failed: 0, dropped: 0 }]));
    const inFlight = new Set<Promise<void>>();
    const startedAt = performance.now();
    const lastEnd = Math.max(0, ...runs.map((r) => r.schedule.endMs));
    for (;;) {
      const now = performance.now() - startedAt;
      for (const run of runs) {
        const counts = iterations[run.name]!;
        for (const target = run.schedule.dueBy(now); run.due < target; run.due++) {
          const vu = run.vus.find((v) => !v.busy);
          if (!vu) {
            counts.dropped++;
            store.add('dropped_iterations', 'counter', 1, { scenario: run.name });
            if (run.vus.length + run.growing < run.cap) {
              run.growing++;
              const added = startVu()
                .then((vu) => (all.push(vu), run.vus.push(vu)))
                .catch((error: Error) => errors.push(`${run.name}: ${error.message}`))
                .finally(() => run.growing--);
              starting.add(added);
            }
            continue;
          }
          counts.started++;
          const begun = performance.now();
          const tracked: Promise<void> = vu.run({ exec: run.scenario.exec ?? 'default', scenario: run.name, data }).then(
            () => {
              counts.completed++;
              store.add('iterations', 'counter', 1, { scenario: run.name });
              store.add('iteration_duration', 'trend', performance.now() - begun, { scenario: run.name });
            },
            (error: Error) => {
              counts.failed++;
              errors.push(`${run.name}: ${error.message}`);
            },
          );
          inFlight.add(tracked);
          void tracked.finally(() => inFlight.delete(tracked));
        }
      }
      if (now >= lastEnd) break;
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
    const graceMs = Math.max(GRACEFUL_STOP_MS, ...runs.map((r) => millisecondsOf(r.scenario.gracefulStop)));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(inFlight), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    store.end();
    return { store, verdicts: evaluateThresholds(first.options.thresholds ?? {}, store), iterations, unexpected, errors };
  } finally {
    await Promise.allSettled(starting);
    await Promise.all(all.map((vu) => vu.close()));
    await http.close();
  }
}
