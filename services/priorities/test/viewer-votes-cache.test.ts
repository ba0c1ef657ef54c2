// The kept votes of each viewer: one read per viewer shared by concurrent readers, the scope read on
// a miss, a drop per viewer (also during a read), the time bound, the least recently read going
// first when full, and failures that are not kept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TVoteType } from '@civic/contracts';
import { createViewerVotesCache, type ViewerVotes } from '../src/priorities/viewer-votes-cache.ts';

/** A loader whose reads finish when the test says, recording what each asked for. */
function controlledLoader() {
  const pending: Array<{ viewerId: string; ids: readonly string[]; resolve: (votes: ViewerVotes) => void; reject: (error: Error) => void }> = [];
  return {
    pending,
    load: (viewerId: string, ids: readonly string[]) => new Promise<ViewerVotes>((resolve, reject) => pending.push({ viewerId, ids, resolve, reject })),
  };
}

const votes = (entries: Record<string, TVoteType>): ViewerVotes =>
  new Map(Object.entries(entries).map(([id, voteType]) => [id, { voteType, lastChangedAt: null }]));
const TOP = ['a', 'b', 'c', 'd'];

describe('viewer votes cache', () => {
  test('a miss reads the whole scope once for concurrent readers; later pages of it are served from memory', async () => {
    const loader = controlledLoader();
    const cache = createViewerVotesCache(loader.load);
    let scopesBuilt = 0;
    const scope = () => (scopesBuilt++, TOP);
    const reads = Array.from({ length: 10 }, () => cache.read('u1', ['a', 'b'], scope));
    assert.equal(loader.pending.length, 1);
    assert.equal(scopesBuilt, 1, 'the scope is built for the miss only');
    assert.deepEqual(loader.pending[0]!.ids, TOP, 'the votes on the whole top list are read, not just the page');
    loader.pending[0]!.resolve(votes({ a: 'endorse', d: 'oppose' }));
    for (const kept of await Promise.all(reads)) assert.equal(kept.get('a')?.voteType, 'endorse');
    assert.equal((await cache.read('u1', ['c', 'd'], scope)).get('d')?.voteType, 'oppose');
    assert.equal(loader.pending.length, 1);
    assert.equal(scopesBuilt, 1);
  });

  test('viewers are kept apart, and a priority outside what was read is read again', async () => {
    const loader = controlledLoader();
    const cache = createViewerVotesCache(loader.load);
    const first = cache.read('u1', ['a'], () => TOP);
    loader.pending[0]!.resolve(votes({ a: 'endorse' }));
    await first;
    const other = cache.read('u2', ['a'], () => TOP);
    assert.equal(loader.pending.length, 2);
    assert.equal(loader.pending[1]!.viewerId, 'u2');
    loader.pending[1]!.resolve(votes({}));
    assert.equal((await other).get('a'), undefined);

    const newcomer = cache.read('u1', ['a', 'e'], () => [...TOP, 'e']);
    assert.equal(loader.pending.length, 3, 'the top list gained a priority the kept votes do not cover');
    assert.deepEqual(loader.pending[2]!.ids, [...TOP, 'e']);
    loader.pending[2]!.resolve(votes({ a: 'endorse', e: 'oppose' }));
    assert.equal((await newcomer).get('e')?.voteType, 'oppose');

    // A page that is not part of the scope given (not the top list) is read for itself.
    const outside = cache.read('u1', ['x'], () => TOP);
    assert.deepEqual(loader.pending[3]!.ids, ['x']);
    loader.pending[3]!.resolve(votes({ x: 'endorse' }));
    assert.equal((await outside).get('x')?.voteType, 'endorse');
  });

  test("a viewer's drop during a read: those who asked before share it, the next reader reads again", async () => {
    const loader = controlledLoader();
    const cache = createViewerVotesCache(loader.load);
    const before = cache.read('u1', ['a'], () => TOP);
    cache.invalidate('u1');
    const after = cache.read('u1', ['a'], () => TOP);
    assert.equal(loader.pending.length, 2);
    loader.pending[0]!.resolve(votes({}));
    loader.pending[1]!.resolve(votes({ a: 'endorse' }));
    assert.equal((await before).get('a'), undefined);
    assert.equal((await after).get('a')?.voteType, 'endorse');
    assert.equal((await cache.read('u1', ['a'], () => TOP)).get('a')?.voteType, 'endorse');
    assert.equal(loader.pending.length, 2);

    cache.invalidate('u2');
    await cache.read('u1', ['a'], () => TOP);
    assert.equal(loader.pending.length, 2, "another viewer's drop keeps this one's votes");
    cache.invalidate('u1');
    void cache.read('u1', ['a'], () => TOP);
    assert.equal(loader.pending.length, 3);
  });

  test('votes are kept at most ten seconds', async () => {
    let clock = 0;
    let reads = 0;
    const cache = createViewerVotesCache(
      async () => (reads++, votes({})),
      () => clock,
    );
    await cache.read('u1', ['a'], () => TOP);
    clock = 9_999;
    await cache.read('u1', ['a'], () => TOP);
    assert.equal(reads, 1);
    clock = 10_000;
    await cache.read('u1', ['a'], () => TOP);
    assert.equal(reads, 2);
  });

  test('when full, the viewer read least recently goes first', async () => {
    const read: string[] = [];
    const cache = createViewerVotesCache(async (viewerId) => (read.push(viewerId), votes({})), undefined, 2);
    await cache.read('u1', ['a'], () => TOP);
    await cache.read('u2', ['a'], () => TOP);
    await cache.read('u1', ['a'], () => TOP); // u1 is now the most recent
    await cache.read('u3', ['a'], () => TOP); // full: u2 goes
    await cache.read('u1', ['a'], () => TOP);
    await cache.read('u3', ['a'], () => TOP);
    assert.deepEqual(read, ['u1', 'u2', 'u3']);
    await cache.read('u2', ['a'], () => TOP);
    assert.deepEqual(read, ['u1', 'u2', 'u3', 'u2']);
  });

  test('a failed read is not kept', async () => {
    const loader = controlledLoader();
    const cache = createViewerVotesCache(loader.load);
    const failing = cache.read('u1', ['a'], () => TOP);
    loader.pending[0]!.reject(new Error('database gone'));
    await assert.rejects(failing, /database gone/);
    const retry = cache.read('u1', ['a'], () => TOP);
    assert.equal(loader.pending.length, 2);
    loader.pending[1]!.resolve(votes({ a: 'oppose' }));
    assert.equal((await retry).get('a')?.voteType, 'oppose');
  });
});
