// The in-memory top list: single-flight reads, invalidation (also during a read), the time bound,
// the ranking setting as part of the key, and failures that are not kept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createTopPrioritiesCache, type CachedPriority } from '../src/priorities/top-priorities-cache.ts';

function priority(id: string): CachedPriority {
  return { id, jsonHead: `{"id":${JSON.stringify(id)}` };
}

/** A loader whose reads finish when the test says, counting them. */
function controlledLoader() {
  const pending: Array<{ resolve: (rows: CachedPriority[]) => void; reject: (error: Error) => void; minEndorsements: number }> = [];
  return {
    pending,
    load: (minEndorsements: number) => new Promise<CachedPriority[]>((resolve, reject) => pending.push({ resolve, reject, minEndorsements })),
  };
}

describe('top priorities cache', () => {
  test('readers at the same time share one database read', async () => {
    const loader = controlledLoader();
    const cache = createTopPrioritiesCache(loader.load);
    const reads = Array.from({ length: 20 }, () => cache.read(5));
    assert.equal(loader.pending.length, 1);
    loader.pending[0]!.resolve([priority('a')]);
    for (const rows of await Promise.all(reads))
      assert.deepEqual(
        rows.map((p) => p.id),
        ['a'],
      );
    assert.deepEqual(
      (await cache.read(5)).map((p) => p.id),
      ['a'],
    );
    assert.equal(loader.pending.length, 1, 'a kept list is served without reading again');
  });

  test('after an invalidation the next reader reads again', async () => {
    const loader = controlledLoader();
    const cache = createTopPrioritiesCache(loader.load);
    const first = cache.read(5);
    loader.pending[0]!.resolve([priority('a')]);
    await first;
    cache.invalidate();
    const second = cache.read(5);
    assert.equal(loader.pending.length, 2);
    loader.pending[1]!.resolve([priority('b')]);
    assert.deepEqual(
      (await second).map((p) => p.id),
      ['b'],
    );
  });

  test('a change during a read: those who asked before share it, the next reader reads again', async () => {
    const loader = controlledLoader();
    const cache = createTopPrioritiesCache(loader.load);
    const before = cache.read(5);
    cache.invalidate();
    const after = cache.read(5);
    assert.equal(loader.pending.length, 2, 'the reader after the change does not get the read that began before it');
    loader.pending[0]!.resolve([priority('old')]);
    loader.pending[1]!.resolve([priority('new')]);
    assert.deepEqual(
      (await before).map((p) => p.id),
      ['old'],
    );
    assert.deepEqual(
      (await after).map((p) => p.id),
      ['new'],
    );
    assert.deepEqual(
      (await cache.read(5)).map((p) => p.id),
      ['new'],
    );
    assert.equal(loader.pending.length, 2);
  });

  test('a list is kept at most a second, and per min_endorsements_for_ranking', async () => {
    let clock = 0;
    let reads = 0;
    const cache = createTopPrioritiesCache(
      async (minEndorsements) => (reads++, [priority(`m${minEndorsements}`)]),
      () => clock,
    );
    await cache.read(5);
    clock = 999;
    await cache.read(5);
    assert.equal(reads, 1);
    assert.deepEqual(
      (await cache.read(3)).map((p) => p.id),
      ['m3'],
      'another ranking threshold is another list',
    );
    assert.equal(reads, 2);
    clock = 1_998;
    await cache.read(3);
    assert.equal(reads, 2, 'kept a second from when it was read (at 999)');
    clock = 1_999;
    await cache.read(3);
    assert.equal(reads, 3);
  });

  test('a failed read is not kept', async () => {
    const loader = controlledLoader();
    const cache = createTopPrioritiesCache(loader.load);
    const failing = cache.read(5);
    loader.pending[0]!.reject(new Error('database gone'));
    await assert.rejects(failing, /database gone/);
    const retry = cache.read(5);
    assert.equal(loader.pending.length, 2);
    loader.pending[1]!.resolve([priority('a')]);
    assert.deepEqual(
      (await retry).map((p) => p.id),
      ['a'],
    );
  });
});
