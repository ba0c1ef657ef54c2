// The agenda by state's kept tallies: one count per state shared by the readers at the same time,
// kept for the period and counted again after it, states apart, and failures that are not kept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createStateTalliesCache, type StateTallies } from '../src/priorities/state-tallies-cache.ts';

const counted = (votersCounted: number): StateTallies => ({ tallies: new Map(), votersCounted });

describe('state tallies cache', () => {
  test('readers of a state at the same time share one count; another state is counted on its own', async () => {
    const loads: string[] = [];
    const cache = createStateTalliesCache(
      async (state) => (loads.push(state), counted(loads.length)),
      60_000,
      () => 0,
    );
    const [a, b, c] = await Promise.all([cache.read('OH'), cache.read('OH'), cache.read('PA')]);
    assert.deepEqual(loads, ['OH', 'PA']);
    assert.equal(a, b);
    assert.notEqual(a, c);
  });

  test('a count is kept for the period, then counted again; 0 counts at every read', async () => {
    let now = 0;
    let loads = 0;
    const cache = createStateTalliesCache(
      async () => counted(++loads),
      1_000,
      () => now,
    );
    assert.equal((await cache.read('OH')).votersCounted, 1);
    now = 1_000;
    assert.equal((await cache.read('OH')).votersCounted, 1, 'still within the period');
    now = 1_001;
    assert.equal((await cache.read('OH')).votersCounted, 2);

    // A period of 0 (the tests' setting): a later read counts again.
    let fresh = 0;
    const always = createStateTalliesCache(
      async () => counted(++fresh),
      0,
      () => now++,
    );
    await always.read('OH');
    await always.read('OH');
    assert.equal(fresh, 2);
  });

  test('a failed count is not kept: the next reader counts again', async () => {
    let attempt = 0;
    const cache = createStateTalliesCache(
      async () => {
        if (++attempt === 1) throw new Error('database away');
        return counted(7);
      },
      60_000,
      () => 0,
    );
    await assert.rejects(cache.read('OH'), /database away/);
    assert.equal((await cache.read('OH')).votersCounted, 7);
  });
});
