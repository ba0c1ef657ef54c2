// Every service route sits behind this: a request without a valid internal identity token addressed
// to this service (i.e. one that did not come through the gateway) is answered 401 (SECURITY 12).
import fastifyJwt from '@fastify/jwt';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_MESSAGES } from '@civic/contracts';
import { Forbidden, SessionUnavailable, Unauthorized } from './errors.ts';
import { identityKeyPem } from '../identity-keys.ts';
import { asKeyRing, type KeyRing } from '../key-ring.ts';
import { IDENTITY_HEADER, identityOfClaims, identityVerifyOptions, type Identity, type IdentityClaims, keyedVerifier } from './internal-identity.ts';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity;
  }
}

// @fastify/jwt is registered under a namespace per use: in the embedded profile the gateway (which
// signs) and every service (each verifying its own audience) share one Fastify instance, and
// `fastify.jwt` is then one map from namespace to signer/verifier.
declare module '@fastify/jwt' {
  interface FastifyJWT {
    namespaces: string;
  }
}

export interface IdentityPluginOptions {
  service: string;
  /** The public keys (IDENTITY_PUBLIC_KEY's ring): a token is checked with the key its `kid` names. */
  publicKeys: KeyRing | string;
}

const plugin: FastifyPluginAsync<IdentityPluginOptions> = async (app, options) => {
  const { service } = options;
  const ring = asKeyRing(options.publicKeys);
  // One @fastify/jwt namespace per key of the ring, holding only the public key: it cannot sign.
  for (const key of ring.keys) {
    await app.register(fastifyJwt, {
      secret: { public: identityKeyPem(key, 'public') },
      namespace: `identity-${service}:${key.id}`,
      verify: identityVerifyOptions(service),
    });
  }
  const verify = keyedVerifier(ring, (key) => {
    const jwt = app.jwt[`identity-${service}:${key.id}`]!;
    return (token) => jwt.verify<IdentityClaims>(token);
  });
  app.decorateRequest('identity', null as unknown as Identity);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[IDENTITY_HEADER];
    if (typeof header !== 'string') throw new Unauthorized();
    try {
      request.identity = identityOfClaims(verify(header));
    } catch {
      throw new Unauthorized();
    }
  });
};

export const identityPlugin = fp(plugin, { name: 'civic-identity', fastify: '5.x' });

/** The signed-in user's id, or 401 (503 when the gateway could not read the caller's session). */
export function requireUser(request: FastifyRequest): string {
  const userId = request.identity?.userId;
  if (!userId) throw request.identity?.sessionUnavailable ? new SessionUnavailable() : new Unauthorized();
  return userId;
}

/**
 * For calls that create content: banned users get 403 (SECURITY 14), and so do accounts awaiting an
 * administrator's approval (registration_approval_required).
 */
export function requireActiveUser(request: FastifyRequest): string {
  const userId = requireUser(request);
  if (request.identity.isBanned) throw new Forbidden('Your account has been banned');
  if (request.identity.isPending) throw new Forbidden(ADMIN_MESSAGES.awaitingApproval);
  return userId;
}

/** The refusal of a caller who is not an administrator (here, and auth's rpc.auth.change_standing). */
export const ADMIN_REQUIRED_MESSAGE = 'Admin access required';

export function requireAdmin(request: FastifyRequest): string {
  const userId = requireUser(request);
  if (!request.identity.isAdmin) throw new Forbidden(ADMIN_REQUIRED_MESSAGE);
  return userId;
}
