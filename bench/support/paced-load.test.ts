// The benchmark's even load (paced-load.ts) against a local server: requests arrive spread over the
// second as the rate says (not in a burst), and a server that stalls is charged for the requests it
// held up, counted from when they were due (no coordinated omission).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { pacedLoad } from './paced-load.ts';

describe('paced load', () => {
  const arrivals: number[] = [];
  let stallUntil = 0;
  let server: http.Server;
  let origin: string;
  before(async () => {
    server = http.createServer((request, response) => {
      arrivals.push(performance.now());
      const wait = Math.max(0, stallUntil - performance.now());
      setTimeout(() => response.end(request.url === '/fail' ? '' : 'ok'), wait).unref();
      if (request.url === '/fail') response.statusCode = 503;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('requests arrive evenly at the rate, not in a burst', async () => {
    arrivals.length = 0;
    const calledAt = performance.now();
    const result = await pacedLoad({ origin, rate: 200, durationS: 1, request: () => ({ method: 'GET', path: '/', headers: {} }) });
    assert.equal(arrivals.length, 200);
    assert.deepEqual(result.failures, {});
    // Measured from the call, not from the first arrival: a busy machine's timer lag can only make
    // arrivals later, so neither bound fails from lag (a first-arrival frame failed in CI), and a
    // burst (all 200 in the first tens of ms) fails both.
    const since = arrivals.map((t) => t - calledAt);
    const early = since.filter((t) => t < 400).length;
    assert.ok(early <= 100, `${early} of 200 arrived in the first 400 ms (an even 200/s sends 80)`);
    assert.ok(since.at(-1)! >= 900, `the last arrived ${Math.round(since.at(-1)!)} ms after the call (due at 995 ms)`);
  });

  test('a stall is charged to every request due during it, from when it was due', async () => {
    let k = 0;
    const result = await pacedLoad({
      origin,
      rate: 100,
      durationS: 2,
      request: () => {
        // At the 100th request's moment (1 s in) the server answers nothing for 600 ms: 30 % of the
        // requests are due during the stall (margins wide enough for a busy test machine's lag).
        if (k++ === 100) stallUntil = performance.now() + 600;
        return { method: 'GET', path: '/', headers: {} };
      },
    });
    stallUntil = 0;
    assert.ok(result.p99 >= 450, `the stalled requests count their wait (p99 ${result.p99} ms)`);
    assert.ok(result.p50 < 300, `the others do not (p50 ${result.p50} ms)`);
  });

  test('the warm-up is sent on the same schedule but not measured; the queue it leaves is', async () => {
    arrivals.length = 0;
    let k = 0;
    const result = await pacedLoad({
      origin,
      rate: 100,
      warmupS: 1,
      durationS: 1,
      request: () => {
        // 100 ms into the warm-up the server answers nothing for 800 ms: only warm-up requests are
        // due during the stall, and they are answered before the measured second starts (measured,
        // they would make the p99 ~800 ms; the bound leaves room for a busy machine's timer lag).
        if (k++ === 10) stallUntil = performance.now() + 800;
        return { method: 'GET', path: '/', headers: {} };
      },
    });
    stallUntil = 0;
    assert.equal(arrivals.length, 200, 'the warm-up requests were sent');
    assert.equal(result.requests.total, 200, "and are counted as sent (the run's CPU is divided by them)");
    assert.ok(result.p99 < 500, `the stall during the warm-up is not in the figures (p99 ${result.p99} ms)`);
    const stalled = await pacedLoad({
      origin,
      rate: 100,
      warmupS: 1,
      durationS: 1,
      request: (n) => {
        // The same stall at the end of the warm-up: the measured requests due during it count it.
        if (n === 90) stallUntil = performance.now() + 900;
        return { method: 'GET', path: '/', headers: {} };
      },
    });
    stallUntil = 0;
    assert.ok(stalled.p99 >= 500, `a stall that reaches into the measured second is measured (p99 ${stalled.p99} ms)`);
  });

  test('answers that are not 2xx are counted as failures, not latencies', async () => {
    const result = await pacedLoad({ origin, rate: 50, durationS: 0.2, request: () => ({ method: 'GET', path: '/fail', headers: {} }) });
    assert.deepEqual(result.failures, { 503: 10 });
  });
});
