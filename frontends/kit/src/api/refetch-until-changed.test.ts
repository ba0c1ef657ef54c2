import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refetchUntilChanged } from './refetch-until-changed.ts';

/** A server whose answers are given in order (the last one repeats), and the reads and pauses seen. */
function fakeServer(answers: number[]) {
  let served = 0;
  let cached = -1;
  const pauses: number[] = [];
  return {
    pauses,
    reads: () => served,
    options: {
      read: () => cached,
      refetch: async () => {
        cached = answers[Math.min(served, answers.length - 1)]!;
        served += 1;
      },
      delaysMs: [10, 20, 40],
      sleep: async (ms: number) => {
        pauses.push(ms);
      },
    },
  };
}

test('a value that already moved is read once', async () => {
  const server = fakeServer([11]);
  assert.equal(await refetchUntilChanged({ ...server.options, before: 10 }), true);
  assert.equal(server.reads(), 1);
  assert.deepEqual(server.pauses, []);
});

test('a stale copy is read again, backing off, until it moves', async () => {
  const server = fakeServer([10, 10, 60]);
  assert.equal(await refetchUntilChanged({ ...server.options, before: 10 }), true);
  assert.equal(server.reads(), 3);
  assert.deepEqual(server.pauses, [10, 20]);
});

test('a value that never moves stops after the last delay', async () => {
  const server = fakeServer([10]);
  assert.equal(await refetchUntilChanged({ ...server.options, before: 10 }), false);
  assert.equal(server.reads(), 4);
  assert.deepEqual(server.pauses, [10, 20, 40]);
});
