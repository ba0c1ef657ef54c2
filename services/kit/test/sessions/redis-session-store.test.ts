// The distributed session store against a real Redis: flags rewritten on live sessions keep their
// expiry, a session revoked while its flags are being rewritten stays revoked, and one created
// during a revoke-all can still be revoked (SECURITY 11).
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

  test('a session revoked between the read of its record and the write of its flags stays revoked', async () => {
    const userId = randomUUID();
    const setup = new RedisSessionStore(redis, prefix);
    await setup.create('h3', record(userId));
    // A client whose GET of the session is followed, before the flags are written, by a logout.
    let loggedOut = false;
    const racing = new Proxy(redis, {
      get(target, property, receiver) {
        if (property !== 'get') return Reflect.get(target, property, receiver);
        return async (key: string) => {
          const raw = await target.get(key);
          if (key.endsWith('sess:h3') && !loggedOut) {
            loggedOut = true;
            await setup.delete('h3');
          }
          return raw;
        };
      },
    });
    await new RedisSessionStore(racing, prefix).updateUserFlags(userId, { isAdmin: true, isBanned: false });
    assert.ok(loggedOut, 'the logout ran inside the rewrite');
    assert.equal(await setup.get('h3', Date.now()), null, 'the logged-out session is not brought back');
    assert.equal(await redis.exists(`${prefix}sess:h3`), 0);
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
