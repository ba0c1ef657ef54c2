// An open-loop load at a fixed rate, for the "p99 at 1,000 requests/s" figures: request k is due at
// start + k / rate, is sent then on a free connection of a pool, and its latency is counted from
// when it was due, so a server that stalls is charged for every request it held up (no coordinated
// omission), and the arrivals are spread over each second as a steady 1,000/s would be.
//
// `warmupS` sends the same schedule first without measuring it (the queue it leaves, if any, is
// measured): a run that starts on an empty pool opens a connection for most requests of its first
// second, and in one vote run that start alone cost 340-650 ms of latency in its first half second
// while the rest stayed under ~200 ms, enough to be the p99 of a 6 s run on its own. A steady
// 1,000/s arrives on connections that are already open.
//
// Why not autocannon's overallRate: it gives each connection a per-second quota that it spends as
// fast as it can from the start of every second, then pauses until the next second
// (node_modules/autocannon/lib/httpClient.js, `reqsMadeThisSecond`). "1,000/s" there is a burst at
// full speed for most of each second followed by a pause, so its p99 is that of a saturated server
// with 50 requests in flight, whatever the server could do at an even 1,000/s.
import { Pool } from 'undici';
import { percentile, type Measured } from './measure.ts';

export interface PacedRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedLoadOptions {
  origin: string;
  /** Requests per second. */
  rate: number;
  durationS: number;
  /** Seconds of the same schedule sent first and not measured (failures still count): the pool
   * opens its connections and the servers reach their steady state. Default 0. */
  warmupS?: number;
  /** Most requests in flight; default 512 (only a server falling behind uses many). */
  connections?: number;
  /** The k-th request (0-based). */
  request(k: number): PacedRequest;
}

export interface PacedResult {
  /** Every request sent, the warm-up's included (the CPU a run spent is divided by it). */
  requests: { total: number };
  /** 2xx answers per second over the run (failures are in `failures`). */
  rate: number;
  /** Latency from when each request was due to the end of its answer, ms. */
  p50: number;
  p99: number;
  /** Non-2xx answers by status, and errors without an answer. */
  failures: Record<string, number>;
}

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedResult> {
  const pool = new Pool(options.origin, { connections: options.connections ?? 512, pipelining: 1, keepAliveTimeout: 30_000 });
  const warmup = Math.round(options.rate * (options.warmupS ?? 0));
  const total = warmup + Math.round(options.rate * options.durationS);
  const latencies: number[] = [];
  // BENCH_TIMELINE=1: the latencies by when they were due, to tell a stall (one window slow) from a
  // queue (every window slower than the last) or steady jitter.
  const byDue: Array<[number, number]> | undefined = process.env.BENCH_TIMELINE === '1' ? [] : undefined;
  const failures: Record<string, number> = {};
  const start = performance.now();
  let sent = 0;
  let inFlight = 0;
  let allSent = false;
  let drained!: () => void;
  const done = new Promise<void>((resolve) => (drained = resolve));

  function settle(k: number, dueAt: number, failure: string | undefined): void {
    if (failure !== undefined) failures[failure] = (failures[failure] ?? 0) + 1;
    else {
      const latency = performance.now() - dueAt;
      if (k >= warmup) latencies.push(latency);
      byDue?.push([dueAt - start, latency]);
    }
    if (--inFlight === 0 && allSent) drained();
  }

  // The dispatcher's own callbacks instead of pool.request(): no stream object per answer and its
  // body is dropped as it arrives. With request() and a read of the whole body the generator spent
  // ~430 µs of CPU per 25 kB read, nearly as much as the gateway, on the two cores it shares with
  // the servers it measures.
  function send(k: number, dueAt: number): void {
    const { method, path, headers, body } = options.request(k);
    let status = 0;
    inFlight++;
    pool.dispatch(
      { origin: options.origin, method, path, headers, body },
      {
        onRequestStart() {},
        onResponseStart(_controller, statusCode) {
          status = statusCode;
        },
        onResponseData() {},
        onResponseEnd() {
          settle(k, dueAt, status >= 200 && status < 300 ? undefined : String(status));
        },
        onResponseError(_controller, error) {
          settle(k, dueAt, `error ${error.name}`);
        },
      },
    );
  }

  // Every millisecond (the timers' resolution), everything that has come due is sent.
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * options.rate) / 1000) + 1);
      for (; sent < due; sent++) send(sent, start + (sent * 1000) / options.rate);
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  allSent = true;
  if (inFlight > 0) await done;
  const elapsedS = (performance.now() - start) / 1000 - (options.warmupS ?? 0);
  await pool.close();
  if (byDue) printTimeline(byDue, options.warmupS ?? 0);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: { total },
    rate: sorted.length / elapsedS,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    failures,
  };
}

/** Prints one paced run's line (as measure.ts's line does for autocannon); any failure makes the exit code 1. */
export function pacedLine(name: string, { result, cpu }: Measured<PacedResult>): PacedResult {
  const failed = Object.values(result.failures).reduce((sum, n) => sum + n, 0);
  const failures =
    failed === 0
      ? '0'
      : `${failed} (${Object.entries(result.failures)
          .map(([what, n]) => `${what}: ${n}`)
          .join(', ')})`;
  console.log(
    `${name.padEnd(52)} ${String(Math.round(result.rate)).padStart(6)} req/s   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(4)} ms   errors ${failures}   CPU per request: ${cpu}`,
  );
  if (failed > 0) process.exitCode = 1;
  return result;
}

/** One line per 500 ms of due time: requests, p50 and worst latency, the warm-up's marked. */
function printTimeline(byDue: Array<[number, number]>, warmupS: number): void {
  const windows = new Map<number, number[]>();
  for (const [due, latency] of byDue) {
    const window = Math.floor(due / 500);
    const values = windows.get(window);
    if (values) values.push(latency);
    else windows.set(window, [latency]);
  }
  for (const [window, values] of [...windows].sort(([a], [b]) => a - b)) {
    const sorted = values.sort((a, b) => a - b);
    const warming = window / 2 < warmupS ? ' (warm-up)' : '';
    console.log(
      `  due ${(window / 2).toFixed(1).padStart(5)} s: ${String(sorted.length).padStart(4)} answers, p50 ${Math.round(percentile(sorted, 0.5))} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms${warming}`,
    );
  }
}
