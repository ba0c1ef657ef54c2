// Resolves the session cookie once per API request and forwards who is calling as a short-lived
// internal JWT addressed to the owning service. A client-sent identity header is always discarded.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '@civic/service-kit/crypto';
import type { CookieNames } from '@civic/service-kit/http/cookies';
import { createIdentitySigner, IDENTITY_HEADER, type Identity } from '@civic/service-kit/http/internal-identity';
import type { Platform } from '@civic/service-kit/platform';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The service that owns the route (set from the route table). */
    service?: string;
  }
}

export async function resolveIdentity(request: FastifyRequest, platform: Platform, names: CookieNames): Promise<Identity> {
  const anonymous: Identity = { userId: null, isAdmin: false, isBanned: false, ip: request.ip };
  const sessionId = request.cookies[names.session];
  if (!sessionId) return anonymous;
  const record = await platform.sessions.get(sha256(sessionId), platform.clock.now().getTime());
  if (!record) return anonymous;
  return { ...anonymous, userId: record.userId, isAdmin: record.isAdmin, isBanned: record.isBanned };
}

export function installSessionIdentity(app: FastifyInstance, platform: Platform, names: CookieNames): void {
  const sign = createIdentitySigner(platform.secrets.internalJwt);
  app.addHook('onRequest', async (request) => {
    delete request.headers[IDENTITY_HEADER];
    const service = request.routeOptions.config.service;
    if (!service) return;
    const identity = await resolveIdentity(request, platform, names);
    request.headers[IDENTITY_HEADER] = sign(identity, service);
  });
}
