// Who makes an admin request, for its audit entry (SECURITY 23): the administrator (the kit's 'admin'
// guard ran), the client's address the gateway vouched for, and the request id it gave.
import { adminOriginOf, requireUser } from '@civic/service-kit';
import type { FastifyRequest } from 'fastify';
import type { AdminActor } from '../audit/append-entry.ts';

export function actorOf(request: FastifyRequest): AdminActor {
  return { adminId: requireUser(request), ...adminOriginOf(request) };
}
