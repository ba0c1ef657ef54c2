// The per-account write budget (SECURITY 26): a signed-in citizen's writes are counted by
// their user id as well as by their network, so writing from many addresses does not multiply one
// account's budget. Counted once the session is known, so it runs after installSessionIdentity:
// for a signed-in write that is a second Redis round trip (the network budget shares the first).
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { createError } from '@civic/service-kit';
import { isApiRequest } from './api-request.ts';
import { bucket } from './rate-limits.ts';
import { sessionLookupOf } from './session-identity.ts';
import { createSharedCounter } from './tiered-rate-limit-store.ts';

const WINDOW_MS = 60_000;

export const AccountWritesLimited = createError(
  'GATEWAY_ACCOUNT_RATE_LIMITED',
  'You have made too many changes in the last minute. Please wait %s seconds and try again.',
  429,
);

export function installAccountWriteBudget(app: FastifyInstance, options: { redis: Redis | null; namespace: string; max: number }): void {
  const counter = createSharedCounter(options.redis, `${options.namespace}rl:`);
  const count = (key: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      counter.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), WINDOW_MS, options.max),
    );
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request) || bucket(request) !== 'write') return;
    const identity = await sessionLookupOf(request);
    if (!identity?.userId) return;
    const { current, ttl } = await count(`account-write:${identity.userId}`);
    if (current <= options.max) return;
    const seconds = Math.max(1, Math.ceil(ttl / 1000));
    void reply.header('retry-after', String(seconds));
    throw new AccountWritesLimited(String(seconds));
  });
}
