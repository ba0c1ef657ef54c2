// What a benchmark line reports: autocannon's figures beside the CPU each server process (and the
// run's PostgreSQL backends) spent per request, and every answer that was not a 2xx, by status: a run
// that quietly collects 409s or 503s would measure the refusal, not the operation.
import type autocannon from 'autocannon';
import { cpuSeconds, trackPostgresCpu, type ServerProcesses } from './processes.ts';

export interface Measured<R = autocannon.Result> {
  result: R;
  /** "gateway 612 µs, priorities 701 µs, postgres 1275 µs, load generator 180 µs" */
  cpu: string;
}

/**
 * A function that runs one load and measures the CPU of the named servers and of the PostgreSQL
 * backends whose database name contains `databasePrefix` (the run's own databases) meanwhile.
 */
export function cpuMeter(servers: ServerProcesses, names: readonly string[], databasePrefix: string) {
  return async function measured<R extends { requests: { total: number } }>(run: () => Promise<R>): Promise<Measured<R>> {
    const before = names.map((name) => cpuSeconds(servers.byName.get(name)));
    const postgres = trackPostgresCpu(databasePrefix);
    const generatorBefore = process.cpuUsage();
    const result = await run();
    // The load generator (this process) shares the machine's cores with the servers.
    const generator = process.cpuUsage(generatorBefore);
    const perRequest = (seconds: number) => `${Math.round((seconds * 1e6) / (result.requests.total || 1))} µs`;
    const cpu = [
      ...names.map((name, i) => `${name} ${perRequest(cpuSeconds(servers.byName.get(name)) - before[i]!)}`),
      `postgres ${perRequest(postgres.stop())}`,
      `load generator ${perRequest((generator.user + generator.system) / 1e6)}`,
    ].join(', ');
    return { result, cpu };
  };
}

/** "3 (409: 2, timeouts: 1)": non-2xx answers by status, then errors without an answer. */
export function failuresOf(result: autocannon.Result): { count: number; text: string } {
  const parts = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count = 0 }]) => `${status}: ${count}`);
  if (result.timeouts > 0) parts.push(`timeouts: ${result.timeouts}`);
  if (result.errors > result.timeouts) parts.push(`other errors: ${result.errors - result.timeouts}`);
  const count = result.errors + result.non2xx;
  return { count, text: parts.length > 0 ? `${count} (${parts.join(', ')})` : String(count) };
}

export interface LineOptions {
  /** What a request is, per second ("req/s", "promotions/s"). */
  unit?: string;
  /** The rate when the caller timed the run itself (see bench/promote.ts); autocannon's mean otherwise. */
  rate?: number;
}

/** Prints one result line; any failure makes the benchmark's exit code 1. */
export function line(name: string, { result, cpu }: Measured, { unit = 'req/s', rate }: LineOptions = {}): { rps: number; p99: number } {
  const rps = Math.round(rate ?? result.requests.average);
  const failures = failuresOf(result);
  console.log(
    `${name.padEnd(52)} ${String(rps).padStart(6)} ${unit}   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${failures.text}   CPU per request: ${cpu}`,
  );
  if (failures.count > 0) process.exitCode = 1;
  return { rps, p99: result.latency.p99 };
}

export const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
