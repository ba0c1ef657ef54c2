import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agreesWith, patchKnownFields, settleCachedRead } from './settle-cached-read.ts';

interface Counts {
  id: string;
  followers: number;
  following: number;
}

test('a patch sets only the fields the cached answer has', () => {
  type Profile = { id: string; isFollowing: boolean; followers?: number };
  const privateProfile: Profile = { id: 'a', isFollowing: false };
  assert.deepEqual(patchKnownFields<Profile>(privateProfile, { isFollowing: true, followers: 3 }), { id: 'a', isFollowing: true });
  assert.equal(agreesWith<Profile>({ id: 'a', isFollowing: true }, { isFollowing: true, followers: 3 }), true);
  assert.equal(agreesWith({ id: 'a', following: 1, followers: 0 }, { following: 2 }), false);
});

test('the patched counts show at once and stay until the server agrees, then the server answer replaces them', async () => {
  const written: Counts[] = [];
  const answers: Counts[] = [
    { id: 'me', followers: 0, following: 0 },
    { id: 'me', followers: 0, following: 0 },
    { id: 'me', followers: 0, following: 1 },
  ];
  const pauses: number[] = [];
  const settled = await settleCachedRead<Counts>({
    read: () => ({ id: 'me', followers: 0, following: 0 }),
    write: (value) => written.push(value),
    fetch: async () => answers.shift() ?? { id: 'me', followers: 9, following: 9 },
    patch: { following: 1 },
    delaysMs: [1, 2, 3],
    sleep: async (ms) => {
      pauses.push(ms);
    },
  });
  assert.equal(settled, true);
  assert.deepEqual(pauses, [1, 2], 'no read after the server agreed');
  // The stale answers were never written over the patch.
  assert.deepEqual(written, [
    { id: 'me', followers: 0, following: 1 },
    { id: 'me', followers: 0, following: 1 },
  ]);
});

test('a server that never agrees has the last word after the delays', async () => {
  const written: Counts[] = [];
  const settled = await settleCachedRead<Counts>({
    read: () => undefined,
    write: (value) => written.push(value),
    fetch: async () => ({ id: 'me', followers: 4, following: 4 }),
    patch: { following: 5 },
    delaysMs: [1, 1],
    sleep: async () => {},
  });
  assert.equal(settled, false);
  assert.deepEqual(written, [{ id: 'me', followers: 4, following: 4 }]);
});
