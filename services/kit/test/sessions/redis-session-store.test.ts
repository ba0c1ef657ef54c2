// The distributed session store against a real Redis: flags rewritten on live sessions keep their
// expiry, a session revoked while its flags are being rewritten stays revoked, an older standing
// version never overwrites a newer one (issue 20), and one created during a revoke-all can still be
// revoked (SECURITY 11).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { RedisSessionStore } from '../../src/sessions/redis-session-store.ts';
import type { SessionRecord } from '../../src/sessions/session-store.ts';
import { skipUnlessReachable } from '../events/support/reachability.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const { hostname, port } = new URL(REDIS_URL);
const skip = await skipUnlessReachable('Redis', hostname, Number(port || 6379));

describe('redis session store', { skip }, () => {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  const prefix = `test:${randomUUID()}:`;
  after(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  const record = (userId: string): SessionRecord => ({ userId, isAdmin: false, isBanned: false, createdAt: Date.now(), expiresAt: Date.now() + 60_000 });

  test('new flags reach every live session and keep its expiry', async () => {
    const store = new RedisSessionStore(redis, prefix);
    const userId = randomUUID();
    await store.create('h1', record(userId));
    await store.create('h2', record(userId));
    await store.updateUserFlags(userId, { isAdmin: false, isBanned: true });
    for (const hash of ['h1', 'h2']) {
      assert.equal((await store.get(hash, Date.now()))?.isBanned, true);
      const ttl = await redis.pttl(`${prefix}sess:${hash}`);
      assert.ok(ttl > 0 && ttl <= 60_000, `the session keeps its expiry (pttl ${ttl})`);
    }
  });

  test('a session created while a revoke-all runs stays within reach of the next revoke-all', async () => {
    const store = new RedisSessionStore(redis, prefix);
    const userId = randomUUID();
    await store.create('old', record(userId));
    // Sent together on one connection: the revoke-all's commands first, then the new session's.
    await Promise.all([store.revokeUser(userId), store.create('new', record(userId))]);
    assert.equal(await store.get('old', Date.now()), null);
    if (await store.get('new', Date.now())) {
      assert.deepEqual(await redis.smembers(`${prefix}user-sess:${userId}`), ['new'], 'a live session is listed for its user');
      assert.equal(await store.revokeUser(userId), 1);
      assert.equal(await store.get('new', Date.now()), null);
    }
  });

  test('a session revoked while its flags are being rewritten stays revoked (one script: no read-then-write gap)', async () => {
    const store = new RedisSessionStore(redis, prefix);
    const userId = randomUUID();
    await store.create('h3', record(userId));
    await store.create('h4', record(userId));
    // Sent together on one connection: a logout of h3 and the rewrite, in either order.
    await Promise.all([store.delete('h3'), store.updateUserFlags(userId, { isAdmin: true, isBanned: false })]);
    assert.equal(await store.get('h3', Date.now()), null, 'the logged-out session is not brought back');
    assert.equal(await redis.exists(`${prefix}sess:h3`), 0);
    assert.equal((await store.get('h4', Date.now()))?.isAdmin, true);
    // A member of the user's set whose session is gone already (expired) is skipped, not recreated.
    await redis.sadd(`${prefix}user-sess:${userId}`, 'expired');
    await store.updateUserFlags(userId, { isAdmin: false, isBanned: false });
    assert.equal(await redis.exists(`${prefix}sess:expired`), 0);
  });

  test('flags of an older standing version never replace newer ones; the record keeps its other fields', async () => {
    const store = new RedisSessionStore(redis, prefix);
    const userId = randomUUID();
    const original = record(userId);
    await store.create('v1', original);
    await store.updateUserFlags(userId, { isAdmin: true, isBanned: false, isPending: false, standingVersion: 3 });
    // The update of version 2 arrives late (its change committed before version 3's).
    await store.updateUserFlags(userId, { isAdmin: false, isBanned: false, isPending: true, standingVersion: 2 });
    assert.deepEqual(await store.get('v1', Date.now()), { ...original, isAdmin: true, isPending: false, standingVersion: 3 });
    // The same version again applies (a repair after a crash between commit and update).
    await store.updateUserFlags(userId, { isAdmin: false, isBanned: false, isPending: false, standingVersion: 3 });
    assert.equal((await store.get('v1', Date.now()))?.isAdmin, false);
    // Without a version (tests, older callers) it always applies.
    await store.updateUserFlags(userId, { isAdmin: false, isBanned: true });
    assert.equal((await store.get('v1', Date.now()))?.isBanned, true);
    assert.equal((await store.get('v1', Date.now()))?.standingVersion, 3, 'an update without a version keeps the held one');
  });
});

test('while the connection is known to be away, every call fails at once as unavailable, without waiting for retries', { timeout: 10_000 }, async () => {
  // A port nothing listens on: ioredis is refused and waits between reconnect attempts.
  const away = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 2, retryStrategy: () => 60_000 });
  away.on('error', () => {});
  try {
    await new Promise<void>((resolve) => away.once('reconnecting', () => resolve()));
    const store = new RedisSessionStore(away, 'test:away:');
    const calls: [string, () => Promise<unknown>][] = [
      ['get', () => store.get('h', Date.now())],
      ['create', () => store.create('h', { userId: 'u', isAdmin: false, isBanned: false, createdAt: 0, expiresAt: 1 })],
      ['delete', () => store.delete('h')],
      ['revokeUser', () => store.revokeUser('u')],
      ['updateUserFlags', () => store.updateUserFlags('u', { isAdmin: false, isBanned: false })],
    ];
    for (const [name, call] of calls) {
      // With retryStrategy at 60 s, a command that was queued would not settle within this test's limit.
      await assert.rejects(call(), (error: Error) => error.name === 'DependencyUnavailableError' && /unreachable/.test(error.message), name);
    }
  } finally {
    away.disconnect();
  }
});
