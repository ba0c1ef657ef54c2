// The embedded profile's session store: expired sessions that are never read again do not stay in
// memory for good (the process would grow with every cookie dropped without a logout).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemorySessionStore } from '../../src/sessions/memory-session-store.ts';

const MINUTE = 60_000;

test('expired sessions nobody reads again are swept when later sessions are created', async () => {
  const store = new MemorySessionStore();
  const start = 1_000_000;
  await store.create('gone', { userId: 'u1', isAdmin: false, isBanned: false, createdAt: start, expiresAt: start + 10 });
  await store.create('kept', { userId: 'u2', isAdmin: false, isBanned: false, createdAt: start, expiresAt: start + 10 * MINUTE });
  // A minute later someone else signs in; u1's expired session was never read again.
  await store.create('new', { userId: 'u3', isAdmin: false, isBanned: false, createdAt: start + MINUTE, expiresAt: start + 30 * MINUTE });
  assert.equal(await store.revokeUser('u1'), 0, "the expired session and its user's index are gone");
  assert.equal((await store.get('kept', start + MINUTE))?.userId, 'u2', 'a live session stays');
  assert.equal((await store.get('new', start + MINUTE))?.userId, 'u3');
});

test('flags of an older standing version never replace newer ones (issue 20)', async () => {
  const store = new MemorySessionStore();
  await store.create('s', { userId: 'u', isAdmin: false, isBanned: false, createdAt: 0, expiresAt: MINUTE });
  await store.updateUserFlags('u', { isAdmin: true, isBanned: false, isPending: false, standingVersion: 3 });
  await store.updateUserFlags('u', { isAdmin: false, isBanned: false, isPending: true, standingVersion: 2 });
  assert.deepEqual(await store.get('s', 0), {
    userId: 'u',
    isAdmin: true,
    isBanned: false,
    isPending: false,
    standingVersion: 3,
    createdAt: 0,
    expiresAt: MINUTE,
  });
  await store.updateUserFlags('u', { isAdmin: false, isBanned: false, isPending: false, standingVersion: 3 });
  assert.equal((await store.get('s', 0))?.isAdmin, false, 'the same version applies again');
});
