// Per-client request budgets (SECURITY 9, 26): tight on sign-in, looser on other writes and reads.
// Abuse gets 429, never 5xx. Redis-backed when distributed so every gateway replica shares counts.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

export const RATE_LIMITS = {
  signInMail: 10,
  signInVerify: 30,
  write: 120,
  read: 1200,
} as const;

function budget(request: FastifyRequest): number {
  const url = request.url;
  if (url.startsWith('/api/auth/email/send-') || url.startsWith('/api/auth/email/resend-')) return RATE_LIMITS.signInMail;
  if (url.startsWith('/api/auth/email/verify-')) return RATE_LIMITS.signInVerify;
  return request.method === 'GET' || request.method === 'HEAD' ? RATE_LIMITS.read : RATE_LIMITS.write;
}

function bucket(request: FastifyRequest): string {
  const url = request.url;
  if (url.startsWith('/api/auth/email/send-') || url.startsWith('/api/auth/email/resend-')) return 'mail';
  if (url.startsWith('/api/auth/email/verify-')) return 'verify';
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
}

export async function registerRateLimits(app: FastifyInstance, options: { redis: Redis | null; namespace: string }) {
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    max: (request) => budget(request),
    keyGenerator: (request) => `${bucket(request)}:${request.ip}`,
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(options.redis ? { redis: options.redis, nameSpace: `${options.namespace}rl:` } : {}),
    skipOnError: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'GATEWAY_RATE_LIMITED',
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}
