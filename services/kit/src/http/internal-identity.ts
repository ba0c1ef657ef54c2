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
  requestId: string;
}

interface IdentityClaims {
  sub?: string;
  adm: boolean;
  ban: boolean;
  ip: string;
  rid: string;
}

export function createIdentitySigner(secret: string) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', iss: ISSUER, expiresIn: IDENTITY_TTL_SECONDS * 1000 });
  return (identity: Identity, audience: string): string => {
    const claims: IdentityClaims & { aud: string } = {
      adm: identity.isAdmin,
      ban: identity.isBanned,
      ip: identity.ip,
      rid: identity.requestId,
      aud: audience,
      ...(identity.userId ? { sub: identity.userId } : {}),
    };
    return sign(claims);
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
      requestId: claims.rid,
    };
  };
}
