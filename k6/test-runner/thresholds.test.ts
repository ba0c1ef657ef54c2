// The harness's own arithmetic: threshold keys and expressions, and when arrival-rate iterations are due.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scheduleOf } from './executors.ts';
import { MetricStore } from './metric-store.ts';
import { evaluateThresholds, parseKey } from './thresholds.ts';

test('a threshold key names a metric and the tags its samples must carry', () => {
  assert.deepEqual(parseKey('http_req_duration{name:GET /api/priorities,scenario:browse}'), {
    name: 'http_req_duration',
    filter: { name: 'GET /api/priorities', scenario: 'browse' },
  });
  assert.deepEqual(parseKey('server_errors'), { name: 'server_errors', filter: {} });
});

test('thresholds are judged on the samples their tags select', () => {
  const store = new MetricStore();
  for (let ms = 1; ms <= 100; ms++) store.add('http_req_duration', 'trend', ms, { name: 'a' });
  store.add('http_req_duration', 'trend', 5000, { name: 'b' });
  store.add('server_errors', 'counter', 0, {});
  store.add('server_errors', 'counter', 1, {});
  for (const failed of [0, 0, 0, 1]) store.add('http_req_failed', 'rate', failed, {});
  const verdicts = evaluateThresholds(
    {
      'http_req_duration{name:a}': ['p(99)<100', 'max<=100', 'avg<50'],
      server_errors: ['count==0'],
      http_req_failed: ['rate<0.3'],
      'http_req_duration{name:c}': ['p(99)<1'],
    },
    store,
  );
  assert.deepEqual(
    verdicts.map((v) => [v.key, v.expression, v.passed, v.latency]),
    [
      ['http_req_duration{name:a}', 'p(99)<100', true, true],
      ['http_req_duration{name:a}', 'max<=100', true, true],
      ['http_req_duration{name:a}', 'avg<50', false, true],
      ['server_errors', 'count==0', false, false],
      ['http_req_failed', 'rate<0.3', true, false],
      ['http_req_duration{name:c}', 'p(99)<1', true, true],
    ],
  );
  assert.equal(verdicts[0]!.value, 99.01);
  assert.equal(verdicts.at(-1)!.value, null, 'a metric without samples passes, with no value');
  assert.throws(() => evaluateThresholds({ server_errors: ['sum<1'] }, store), /not understood/);
});

test('arrival-rate executors: iterations due by a time', () => {
  const constant = scheduleOf('c', { executor: 'constant-arrival-rate', rate: 4, timeUnit: '1s', duration: '2s' });
  assert.deepEqual(
    [0, 249, 250, 1000, 1999, 5000].map((ms) => constant.dueBy(ms)),
    [1, 1, 2, 5, 8, 8],
  );
  assert.equal(constant.endMs, 2000);
  const ramping = scheduleOf('r', {
    executor: 'ramping-arrival-rate',
    startRate: 0,
    timeUnit: '1s',
    startTime: '1s',
    stages: [
      { duration: '2s', target: 10 },
      { duration: '1s', target: 10 },
    ],
  });
  // 0 → 10/s over 2 s is 10 iterations, then 10 more in the flat second.
  assert.deepEqual(
    [500, 1000, 2000, 3000, 4000, 9000].map((ms) => ramping.dueBy(ms)),
    [0, 0, 2, 10, 20, 20],
  );
  assert.throws(() => scheduleOf('v', { executor: 'constant-vus' }), /only the arrival-rate executors/);
});
