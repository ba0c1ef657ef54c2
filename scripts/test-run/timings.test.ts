// The timing record and the order it gives a run (scripts/test-run/timings.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatTimings, longestFirst, parseTimings, slowestLines } from './timings.ts';

test('files start longest first; a file without a record counts as the median one', () => {
  const recorded = {
    'a.test.ts': { wallSeconds: 5 },
    'b.test.ts': { wallSeconds: 80 },
    'c.test.ts': { wallSeconds: 20 },
    'gone.test.ts': { wallSeconds: 500 },
  };
  assert.deepEqual(longestFirst(['a.test.ts', 'b.test.ts', 'c.test.ts', 'new.test.ts'], recorded), ['b.test.ts', 'c.test.ts', 'new.test.ts', 'a.test.ts']);
  assert.deepEqual(longestFirst(['b.test.ts', 'a.test.ts'], {}), ['a.test.ts', 'b.test.ts'], 'by path without a record');
});

test('a record is written sorted and rounded, and read back without the entries that lack a wall time', () => {
  const text = formatTimings({ 'z.test.ts': { wallSeconds: 1.26, cpuSeconds: 0.94 }, 'a.test.ts': { wallSeconds: 12.04 } });
  assert.equal(text, '{\n  "a.test.ts": {\n    "wallSeconds": 12\n  },\n  "z.test.ts": {\n    "wallSeconds": 1.3,\n    "cpuSeconds": 0.9\n  }\n}\n');
  assert.deepEqual(parseTimings(text), { 'a.test.ts': { wallSeconds: 12 }, 'z.test.ts': { wallSeconds: 1.3, cpuSeconds: 0.9 } });
  assert.deepEqual(parseTimings('{"a.test.ts": {"cpuSeconds": 3}, "b.test.ts": null, "c.test.ts": {"wallSeconds": 2}}'), { 'c.test.ts': { wallSeconds: 2 } });
  assert.deepEqual(parseTimings('[]'), {});
});

test('the slowest files are listed slowest first, as many as asked', () => {
  const lines = slowestLines({ 'a.test.ts': { wallSeconds: 3, cpuSeconds: 1.25 }, 'b.test.ts': { wallSeconds: 61.5 }, 'c.test.ts': { wallSeconds: 0.2 } }, 2);
  assert.deepEqual(lines, ['  61.5 s  b.test.ts', '   3.0 s  a.test.ts, CPU 1.3 s']);
});
