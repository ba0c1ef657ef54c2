// Signed-in users for the benchmarks without the mail round trip: sessions written straight into the
// Redis session store the gateway reads, each with the CSRF token the gateway issues for it.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisSessionStore, SESSION_LIFETIME_MS, sha256 } from '@civic/service-kit';

export interface BenchUser {
  userId: string;
  cookie: string;
  csrf: string;
}

export async function createSessions(
  options: { redisUrl: string; redisPrefix: string; gateway: string },
  userIds: readonly string[],
  flags: { isAdmin?: boolean } = {},
): Promise<BenchUser[]> {
  const redis = new Redis(options.redisUrl);
  const store = new RedisSessionStore(redis, options.redisPrefix);
  const users: BenchUser[] = [];
  try {
    for (const userId of userIds) {
      const sid = randomBytes(32).toString('base64url');
      const now = Date.now();
      await store.create(sha256(sid), { userId, isAdmin: flags.isAdmin ?? false, isBanned: false, createdAt: now, expiresAt: now + SESSION_LIFETIME_MS });
      const cookie = `sid=${sid}`;
      const answer = await fetch(`${options.gateway}/api/csrf-token`, { headers: { cookie } });
      users.push({ userId, cookie, csrf: ((await answer.json()) as { token: string }).token });
    }
  } finally {
    await redis.quit();
  }
  return users;
}
