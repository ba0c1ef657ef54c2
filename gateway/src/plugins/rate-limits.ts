// Per-client request budgets (SECURITY 9, 26): tight on sign-in, looser on other writes and reads.
// Abuse gets 429, never 5xx. Redis-backed when distributed so every gateway replica shares counts.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { clientNetworkOf } from '@civic/service-kit';
import { isApiRequest, routedPath } from './api-request.ts';
import { createTieredStore, LOCAL_KEY_PREFIX } from './tiered-rate-limit-store.ts';

export interface RateLimitBudgets {
  RATE_LIMIT_SIGN_IN_MAIL: number;
  RATE_LIMIT_SIGN_IN_VERIFY: number;
  RATE_LIMIT_WRITE: number;
  RATE_LIMIT_READ: number;
  RATE_LIMIT_ACCOUNT_WRITE: number;
}

type Bucket = 'mail' | 'verify' | 'write' | 'read';

export function bucket(request: FastifyRequest): Bucket {
  // The decoded path: "/api/auth/email/%73end-otp" is a sign-in mail like any other.
  const url = routedPath(request);
  if (url.startsWith('/api/auth/email/send-') || url.startsWith('/api/auth/email/resend-')) return 'mail';
  if (url.startsWith('/api/auth/email/verify-')) return 'verify';
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
}

const READ_BUCKET: Bucket = 'read';
if (`${READ_BUCKET}:` !== LOCAL_KEY_PREFIX) throw new Error('read budgets must use the local store prefix');

export async function registerRateLimits(app: FastifyInstance, options: { redis: Redis | null; namespace: string; budgets: RateLimitBudgets }) {
  const budgets: Record<Bucket, number> = {
    mail: options.budgets.RATE_LIMIT_SIGN_IN_MAIL,
    verify: options.budgets.RATE_LIMIT_SIGN_IN_VERIFY,
    write: options.budgets.RATE_LIMIT_WRITE,
    read: options.budgets.RATE_LIMIT_READ,
  };
  await app.register(rateLimit, {
    // Not per route (global: true would add it as a route hook, which runs after every app-level
    // hook): an app-level hook at this point in the chain runs before CSRF and before the session
    // is awaited, so its Redis command joins the session read in one round trip (session-identity.ts).
    global: false,
    timeWindow: 60_000,
    max: (request) => budgets[bucket(request)],
    keyGenerator: (request) => `${bucket(request)}:${clientNetworkOf(request.ip)}`,
    allowList: (request) => !isApiRequest(request),
    ...(options.redis ? { store: createTieredStore(options.redis, `${options.namespace}rl:`) } : {}),
    skipOnError: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'GATEWAY_RATE_LIMITED',
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  app.addHook('onRequest', app.rateLimit());
}
