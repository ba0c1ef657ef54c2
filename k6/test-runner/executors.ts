// When a scenario's iterations start: k6's constant-arrival-rate and ramping-arrival-rate executors,
// as the number of iterations due by a time since the run started.
import type { ScenarioOptions } from './protocol.ts';

/** Milliseconds of a k6 duration string (1m30s, 500ms); a number is milliseconds already. */
export function millisecondsOf(duration: string | number | undefined, fallback = 0): number {
  if (duration === undefined) return fallback;
  if (typeof duration === 'number') return duration;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let ms = 0;
  for (const [, amount, unit] of duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) ms += Number(amount) * units[unit!]!;
  return ms;
}

export interface Schedule {
  startMs: number;
  endMs: number;
  /** Iterations due by `ms` since the run started. */
  dueBy(ms: number): number;
}

export function scheduleOf(name: string, scenario: ScenarioOptions): Schedule {
  const startMs = millisecondsOf(scenario.startTime);
  const unitMs = millisecondsOf(scenario.timeUnit, 1000);
  if (scenario.executor === 'constant-arrival-rate') {
    const durationMs = millisecondsOf(scenario.duration);
    const perMs = (scenario.rate ?? 1) / unitMs;
    const total = Math.floor(perMs * durationMs);
    return { startMs, endMs: startMs + durationMs, dueBy: (ms) => (ms < startMs ? 0 : Math.min(total, Math.floor((ms - startMs) * perMs) + 1)) };
  }
  if (scenario.executor === 'ramping-arrival-rate') {
    // The rate moves linearly from each stage's start to its target; iterations due = its integral.
    const stages = (scenario.stages ?? []).map((s) => ({ ms: millisecondsOf(s.duration), target: s.target / unitMs }));
    const endMs = startMs + stages.reduce((sum, s) => sum + s.ms, 0);
    const integral = (ms: number) => {
      let rate = (scenario.startRate ?? 0) / unitMs;
      let left = ms - startMs;
      let due = 0;
      for (const stage of stages) {
        const span = Math.min(left, stage.ms);
        if (span <= 0) break;
        const rateAt = stage.ms === 0 ? stage.target : rate + ((stage.target - rate) * span) / stage.ms;
        due += ((rate + rateAt) / 2) * span;
        left -= stage.ms;
        rate = stage.target;
      }
      return Math.floor(due + 1e-9);
    };
    return { startMs, endMs, dueBy: (ms) => (ms < startMs ? 0 : integral(Math.min(ms, endMs))) };
  }
  throw new Error(`scenario ${name}: the k6 test harness runs only the arrival-rate executors, not ${scenario.executor}`);
}
