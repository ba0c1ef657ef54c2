// The origin of an administrator's request, for its audit entry (SECURITY 23): the client's address
// the gateway put in the identity, and the gateway's request id (the x-request-id it answered, which
// services take as their own request id). Services that act for an administrator outside the admin
// service put it in the event the admin service audits.
import type { TAdminOrigin } from '@civic/contracts';
import type { FastifyRequest } from 'fastify';

export function adminOriginOf(request: FastifyRequest): TAdminOrigin {
  return { ip: request.identity.ip, requestId: String(request.id) };
}
