// The gateway forwards every request with a short-lived internal JWT in `x-civic-identity`,
// addressed to one service (aud). Services trust nothing else about the caller.
// This file is the token's one definition (claims, sign and verify options, reuse cache), used through
// @fastify/jwt on HTTP and through fast-jwt, which it wraps, where there is no Fastify instance.
//
// SECURITY 33: EdDSA (Ed25519, identity-keys.ts). Only the gateway holds the private keys
// (IDENTITY_SIGNING_KEY); a service holds the public ones (IDENTITY_PUBLIC_KEY), so a compromised
// service can check tokens but never make one, for itself or for another audience. EdDSA costs more
// than HMAC, so the gateway reuses a token for 30 s and the verifier caches it (docs/security.md).
//
// Key rotation (docs/key-rotation.md): the header's `kid` names the signing key (none for `default`);
// a verifier refuses a `kid` it does not hold.
import { createSigner, createVerifier } from 'fast-jwt';
import { identityKeyPem } from '../identity-keys.ts';
import { asKeyRing, DEFAULT_KEY_ID, type KeyRing, keyById, type RingKey } from '../key-ring.ts';

export const IDENTITY_HEADER = 'x-civic-identity';
export const IDENTITY_TTL_SECONDS = 60;
const ISSUER = 'civic-gateway';

/** Who is calling, as the gateway established it. `userId` is null for a visitor. */
export interface Identity {
  userId: string | null;
  isAdmin: boolean;
  isBanned: boolean;
  /**
   * The account awaits an administrator's approval: the 'active-user' guard refuses it.
   * Absent means approved (every caller that is not a pending account leaves it out).
   */
  isPending?: boolean;
  /** The client's address as the gateway saw it, for per-IP limits. */
  ip: string;
  /**
   * The request carried a session cookie the gateway could not look up (the session store is away):
   * the caller is treated as a visitor, and a route that needs the user answers 503, not 401
   * (requireUser), so public routes keep answering through a Redis outage.
   */
  sessionUnavailable?: boolean;
}

export interface IdentityClaims {
  sub?: string;
  adm: boolean;
  ban: boolean;
  /** Identity.isPending */
  pnd?: true;
  ip: string;
  aud: string;
  /** Identity.sessionUnavailable */
  snu?: true;
}

/** How a token is signed (the key is added by whoever signs). Lifetime in ms, as fast-jwt counts. */
export const IDENTITY_SIGN_OPTIONS = { algorithm: 'EdDSA', iss: ISSUER, expiresIn: IDENTITY_TTL_SECONDS * 1000 } as const;

/** How a token is signed with `key`: its id in the header, unless it is the `default` key. */
export function identitySignOptions(key: RingKey) {
  return key.id === DEFAULT_KEY_ID ? IDENTITY_SIGN_OPTIONS : { ...IDENTITY_SIGN_OPTIONS, kid: key.id };
}

/** How a service checks a token addressed to it. */
export function identityVerifyOptions(audience: string) {
  return { algorithms: ['EdDSA' as const], allowedIss: ISSUER, allowedAud: audience, requiredClaims: ['aud', 'exp', 'iss'], cache: 1000 };
}

export function identityClaims(identity: Identity, audience: string): IdentityClaims {
  return {
    adm: identity.isAdmin,
    ban: identity.isBanned,
    ip: identity.ip,
    aud: audience,
    ...(identity.userId ? { sub: identity.userId } : {}),
    ...(identity.isPending ? { pnd: true as const } : {}),
    ...(identity.sessionUnavailable ? { snu: true as const } : {}),
  };
}

export function identityOfClaims(claims: Partial<IdentityClaims>): Identity {
  return {
    userId: claims.sub ?? null,
    isAdmin: claims.adm === true,
    isBanned: claims.ban === true,
    ip: claims.ip as string,
    ...(claims.pnd === true ? { isPending: true } : {}),
    ...(claims.snu === true ? { sessionUnavailable: true } : {}),
  };
}

/** Tokens are reused for half their lifetime: the same caller and audience get the same token, so
 * neither side pays for a signature per request (and the services' verifier cache hits). */
const REUSE_MS = (IDENTITY_TTL_SECONDS * 1000) / 2;
const MAX_CACHED_TOKENS = 10_000;

/** Wraps a signing function (fast-jwt's, or @fastify/jwt's) in the reuse cache. */
export function reusingIdentitySigner(signClaims: (claims: IdentityClaims) => string, now: () => number = Date.now) {
  const cache = new Map<string, { token: string; reuseUntil: number }>();
  return (identity: Identity, audience: string): string => {
    const key = `${audience}|${identity.userId ?? ''}|${identity.isAdmin ? 1 : 0}|${identity.isBanned ? 1 : 0}|${identity.isPending ? 1 : 0}|${identity.ip}|${identity.sessionUnavailable ? 1 : 0}`;
    const cached = cache.get(key);
    const at = now();
    if (cached && cached.reuseUntil > at) return cached.token;
    const token = signClaims(identityClaims(identity, audience));
    if (cache.size >= MAX_CACHED_TOKENS) cache.delete(cache.keys().next().value!);
    cache.set(key, { token, reuseUntil: at + REUSE_MS });
    return token;
  };
}

/** A signer without Fastify (tests, the benchmark): the private ring's current key signs. */
export function createIdentitySigner(signingKeys: string | KeyRing, now: () => number = Date.now) {
  const key = asKeyRing(signingKeys).current;
  return reusingIdentitySigner(createSigner({ key: identityKeyPem(key, 'private'), ...identitySignOptions(key) }), now);
}

/** Header segments of tokens whose key was found, kept so a token's header is decoded once per key. */
const MAX_KNOWN_HEADERS = 64;

/**
 * Checks a token with the ring's key its header names (`verifierOf` makes one check per key, once).
 * A header without `kid` names the `default` key; an unknown `kid`, or a header that is not a JSON
 * object, is refused before any signature is checked.
 */
export function keyedVerifier<T>(ring: KeyRing, verifierOf: (key: RingKey) => (token: string) => T): (token: string) => T {
  const verifiers = new Map(ring.keys.map((key) => [key.id, verifierOf(key)]));
  // Every token of one key has the same header segment: one map lookup instead of a decode.
  const byHeader = new Map<string, (token: string) => T>();
  return (token) => {
    const header = token.slice(0, Math.max(token.indexOf('.'), 0));
    let verify = byHeader.get(header);
    if (!verify) {
      let kid: unknown;
      try {
        const decoded: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
        if (typeof decoded !== 'object' || decoded === null) throw new Error('not an object');
        kid = (decoded as { kid?: unknown }).kid;
      } catch {
        throw new Error('The token header is malformed');
      }
      if (kid !== undefined && typeof kid !== 'string') throw new Error('The token key id is malformed');
      const key = keyById(ring, kid);
      verify = key && verifiers.get(key.id);
      if (!verify) throw new Error('The token names a key this process does not hold');
      if (byHeader.size < MAX_KNOWN_HEADERS) byHeader.set(header, verify);
    }
    return verify(token);
  };
}

/** A verifier without Fastify (tests): the public ring's key the token names. */
export function createIdentityVerifier(publicKeys: string | KeyRing, audience: string) {
  const verify = keyedVerifier(asKeyRing(publicKeys), (key) => createVerifier({ key: identityKeyPem(key, 'public'), ...identityVerifyOptions(audience) }));
  return (token: string): Identity => identityOfClaims(verify(token) as IdentityClaims);
}
