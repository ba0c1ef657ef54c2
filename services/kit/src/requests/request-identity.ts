// The headers of a NATS request (nats-requests.ts): the calling service, and the user the request is
// about as compact claims. Neither is signed: the NATS server has already checked that this caller's
// user may publish the subject (SECURITY 33), and a malformed identity is refused before any handler.
import { z } from 'zod';
import type { Identity } from '../http/internal-identity.ts';

export const CALLER_HEADER = 'x-civic-caller';
export const REQUEST_IDENTITY_HEADER = 'x-civic-request-identity';

const ZRequestIdentity = z.strictObject({
  sub: z.string().min(1).optional(),
  adm: z.boolean(),
  ban: z.boolean(),
  pnd: z.literal(true).optional(),
  ip: z.string(),
  snu: z.literal(true).optional(),
});

export function requestIdentityHeader(identity: Identity): string {
  return JSON.stringify({
    ...(identity.userId ? { sub: identity.userId } : {}),
    adm: identity.isAdmin,
    ban: identity.isBanned,
    ...(identity.isPending ? { pnd: true } : {}),
    ip: identity.ip,
    ...(identity.sessionUnavailable ? { snu: true } : {}),
  });
}

/** The identity a header carries; throws when it is missing or malformed. */
export function identityOfHeader(header: string): Identity {
  const claims = ZRequestIdentity.parse(JSON.parse(header));
  return {
    userId: claims.sub ?? null,
    isAdmin: claims.adm,
    isBanned: claims.ban,
    ip: claims.ip,
    ...(claims.pnd ? { isPending: true } : {}),
    ...(claims.snu ? { sessionUnavailable: true } : {}),
  };
}
