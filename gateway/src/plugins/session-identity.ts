// Resolves the session cookie once per API request and forwards who is calling as a short-lived
// internal JWT addressed to the owning service. A client-sent identity header is always discarded.
//
// Two hooks: the session read starts before the rate limits (`startSessionLookup`) and is awaited
// after CSRF (`installSessionIdentity`), so ioredis pipelines it with the rate limit's command: one
// Redis round trip, not two. The session is still read after the request arrived (SECURITY 11).
//
// While the session store is away a request with a session cookie goes on as a visitor's, marked
// `sessionUnavailable`: public routes keep answering, and a route that needs the user answers 503
// (requireUser), never 401 and never with someone's privileges.
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type CookieNames,
  failureKindOf,
  type Identity,
  IDENTITY_HEADER,
  identityKeyPem,
  identitySignOptions,
  publicIdentityRing,
  type Platform,
  reusingIdentitySigner,
  type SessionRecord,
  sha256,
} from '@civic/service-kit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The service that owns the route (set from the route table). */
    service?: string;
  }
}

const SIGNER_NAMESPACE = 'gateway-identity';

/** The session lookups started for requests in flight (a request that is refused earlier drops its entry with it). */
const lookups = new WeakMap<FastifyRequest, Promise<Identity>>();

export async function resolveIdentity(request: FastifyRequest, platform: Platform, names: CookieNames): Promise<Identity> {
  const anonymous: Identity = { userId: null, isAdmin: false, isBanned: false, ip: request.ip };
  const sessionId = request.cookies[names.session];
  if (!sessionId) return anonymous;
  let record: SessionRecord | null;
  try {
    record = await platform.sessions.get(sha256(sessionId), platform.clock.now().getTime());
  } catch (error) {
    if (failureKindOf(error) !== 'infrastructure') throw error;
    request.log.warn({ err: error }, 'session store unreachable; the request goes on without its session');
    return { ...anonymous, sessionUnavailable: true };
  }
  if (!record) return anonymous;
  // Read on every request, never cached: a role or ban change rewrites the record in the
  // store, and the very next request of that user, through any gateway replica, carries it.
  return {
    ...anonymous,
    userId: record.userId,
    isAdmin: record.isAdmin,
    isBanned: record.isBanned,
    ...(record.isPending ? { isPending: true } : {}),
  };
}

/** The session read started for this request (undefined when its route belongs to no service). */
export function sessionLookupOf(request: FastifyRequest): Promise<Identity> | undefined {
  return lookups.get(request);
}

/** Starts reading the caller's session for a request a service owns; register before the rate limits. */
export function startSessionLookup(app: FastifyInstance, platform: Platform, names: CookieNames): void {
  app.addHook('onRequest', (request, _reply, done) => {
    delete request.headers[IDENTITY_HEADER];
    if (request.routeOptions.config.service) {
      const lookup = resolveIdentity(request, platform, names);
      // Awaited by installSessionIdentity's hook; a request refused before then (429, CSRF) never
      // awaits it, so its failure must not surface as an unhandled rejection.
      lookup.catch(() => undefined);
      lookups.set(request, lookup);
    }
    done();
  });
}

/**
 * Waits for the session read startSessionLookup began and signs the identity for the owning service,
 * through @fastify/jwt (its namespace beside the services' own, service-kit http/identity-plugin.ts).
 */
export async function installSessionIdentity(app: FastifyInstance, platform: Platform): Promise<void> {
  // The gateway alone holds the private keys (SECURITY 33): the signing ring's current key signs, and
  // the token names it (`kid`; docs/key-rotation.md).
  const signing = platform.secrets.identitySigning;
  if (!signing) throw new Error('IDENTITY_SIGNING_KEY: is required by the gateway (it signs the identity tokens)');
  const key = signing.current;
  await app.register(fastifyJwt, {
    secret: { private: identityKeyPem(key, 'private'), public: identityKeyPem(publicIdentityRing(signing).current, 'public') },
    namespace: SIGNER_NAMESPACE,
    sign: identitySignOptions(key),
  });
  const jwt = app.jwt[SIGNER_NAMESPACE]!;
  // The audience travels in the claims, so the plugin's one signer serves every service.
  const sign = reusingIdentitySigner((claims) => jwt.sign(claims));
  // A callback hook: the session read's own promise is the only one a request waits on here.
  app.addHook('onRequest', (request, _reply, done) => {
    const service = request.routeOptions.config.service;
    const lookup = lookups.get(request);
    if (!service || !lookup) return done();
    lookup.then((identity) => {
      try {
        request.headers[IDENTITY_HEADER] = sign(identity, service);
      } catch (error) {
        return done(error as Error);
      }
      done();
    }, done);
  });
}
