// The list's first-pages cache (src/documents/first-pages-cache.ts): which pages it keeps, for how
// long, what drops them, and that readers share one load.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createFirstPagesCache, isCacheable } from '../../src/documents/first-pages-cache.ts';

const page = (over: Record<string, unknown> = {}) => ({ limit: 50, offset: 0, ...over });

test('only unfiltered pages within the first 100 documents are kept (a search never is)', () => {
  assert.equal(isCacheable(page()), true);
  assert.equal(isCacheable(page({ type: 'research' })), true);
  assert.equal(isCacheable(page({ offset: 50 })), true);
  assert.equal(isCacheable(page({ offset: 100 })), false);
  assert.equal(isCacheable(page({ search: 'housing' })), false);
});

test('a page is read once while fresh, again after an invalidation or after its TTL; pages are kept apart', async () => {
  let clock = 0;
  let loads = 0;
  const cache = createFirstPagesCache(() => clock);
  const load = (json: string) => async () => (loads++, json);
  assert.equal(await cache.read(page(), load('a')), 'a');
  assert.equal(await cache.read(page(), load('b')), 'a', 'fresh: from memory');
  assert.equal(await cache.read(page({ type: 'research' }), load('r')), 'r', 'another page, its own entry');
  cache.invalidate();
  assert.equal(await cache.read(page(), load('c')), 'c', 'invalidated: read again');
  clock += 1_000;
  assert.equal(await cache.read(page(), load('d')), 'd', 'older than the TTL: read again');
  assert.equal(loads, 4);
});

test('readers who ask while a page is read share that read; a failed read is not kept', async () => {
  const cache = createFirstPagesCache(() => 0);
  let release!: (json: string) => void;
  let loads = 0;
  const slow = () => (loads++, new Promise<string>((resolve) => (release = resolve)));
  const first = cache.read(page(), slow);
  const second = cache.read(page(), slow);
  release('shared');
  assert.deepEqual(await Promise.all([first, second]), ['shared', 'shared']);
  assert.equal(loads, 1);

  cache.invalidate();
  await assert.rejects(cache.read(page(), async () => Promise.reject(new Error('database away'))));
  assert.equal(await cache.read(page(), async () => 'after'), 'after');
});
