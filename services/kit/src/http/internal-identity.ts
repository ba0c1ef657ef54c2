// The gateway forwards every request with a short-lived internal JWT in `x-civic-identity`,
// addressed to one service (aud). Services trust nothing else about the caller.
import { createSigner, createVerifier } from 'fast-jwt';

export const IDENTITY_HEADER = 'x-civic-identity';
export const IDENTITY_TTL_SECONDS = 60;
const ISSUER = 'civic-gateway';

/** Who is calling, as the gateway established it. `userId` is null for a visitor. */
export interface Identity {
  userId: string | null;
  isAdmin: boolean;
  isBanned: boolean;
  /** The client's address as the gateway saw it, for per-IP limits. */
  ip: string;
  /**
   * The request carried a session cookie the gateway could not look up (the session store is away):
   * the caller is treated as a visitor, and a route that needs the user answers 503, not 401
   * (requireUser), so public routes keep answering through a Redis outage.
   */
  sessionUnavailable?: boolean;
}

interface IdentityClaims {
  sub?: string;
  adm: boolean;
  ban: boolean;
  ip: string;
  /** Identity.sessionUnavailable */
  snu?: true;
}

/** Tokens are reused for half their lifetime: the same caller and audience get the same token, so
 * neither side pays for a signature per request (and the services' verifier cache hits). */
const REUSE_MS = (IDENTITY_TTL_SECONDS * 1000) / 2;
const MAX_CACHED_TOKENS = 10_000;

export function createIdentitySigner(secret: string, now: () => number = Date.now) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', iss: ISSUER, expiresIn: IDENTITY_TTL_SECONDS * 1000 });
  const cache = new Map<string, { token: string; reuseUntil: number }>();
  return (identity: Identity, audience: string): string => {
    const key = `${audience}|${identity.userId ?? ''}|${identity.isAdmin ? 1 : 0}|${identity.isBanned ? 1 : 0}|${identity.ip}|${identity.sessionUnavailable ? 1 : 0}`;
    const cached = cache.get(key);
    const at = now();
    if (cached && cached.reuseUntil > at) return cached.token;
    const claims: IdentityClaims & { aud: string } = {
      adm: identity.isAdmin,
      ban: identity.isBanned,
      ip: identity.ip,
      aud: audience,
      ...(identity.userId ? { sub: identity.userId } : {}),
      ...(identity.sessionUnavailable ? { snu: true as const } : {}),
    };
    const token = sign(claims);
    if (cache.size >= MAX_CACHED_TOKENS) cache.delete(cache.keys().next().value!);
    cache.set(key, { token, reuseUntil: at + REUSE_MS });
    return token;
  };
}

export function createIdentityVerifier(secret: string, audience: string) {
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    allowedAud: audience,
    requiredClaims: ['aud', 'exp', 'iss'],
    cache: 1000,
  });
  return (token: string): Identity => {
    const claims = verify(token) as IdentityClaims;
    return {
      userId: claims.sub ?? null,
      isAdmin: claims.adm === true,
      isBanned: claims.ban === true,
      ip: claims.ip,
      ...(claims.snu === true ? { sessionUnavailable: true } : {}),
    };
  };
}
