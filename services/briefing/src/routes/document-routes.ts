// GET and POST /api/briefing-docs, GET /api/briefing-docs/stats, DELETE /api/admin/briefing-docs/{id}.
// Who may call (signed out 401, banned 403 for the create, non-admin 403 for the delete) is settled by
// the kit from each operation's `auth`, before the input is looked at.
import { BRIEFING_OPERATIONS as ops, fastifyPath, isUuid, routeSchema } from '@civic/contracts';
import { adminOriginOf, requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BriefingContext } from '../context.ts';
import { createDocument } from '../documents/create-document.ts';
import { deleteDocument } from '../documents/delete-document.ts';
import { documentStats } from '../documents/document-stats.ts';
import { listDocumentsJson } from '../documents/list-documents.ts';
import { DocumentNotFound } from '../errors.ts';

const ZDocumentIdParams = z.object({ id: z.string() });
const JSON_TYPE = 'application/json; charset=utf-8';

export async function documentRoutes(app: FastifyInstance, { ctx }: { ctx: BriefingContext }) {
  const r = typed(app);

  // Answered as JSON text: the first pages come serialised from memory (documents/first-pages-cache.ts).
  r.get(fastifyPath(ops.listDocuments), { schema: routeSchema(ops.listDocuments) }, async (request, reply) => {
    const viewerId = requireUser(request);
    return reply.type(JSON_TYPE).send((await listDocumentsJson(ctx, viewerId, request.query)) as never);
  });

  r.post(fastifyPath(ops.createDocument), { schema: routeSchema(ops.createDocument) }, async (request) =>
    createDocument(ctx, request.identity, requireUser(request), request.body),
  );

  r.get(fastifyPath(ops.documentStats), { schema: routeSchema(ops.documentStats) }, async (request) => {
    requireUser(request);
    return documentStats(ctx);
  });

  r.delete(fastifyPath(ops.deleteDocument), { schema: { ...routeSchema(ops.deleteDocument), params: ZDocumentIdParams } }, async (request) => {
    const adminId = requireUser(request);
    // Anything that is not a UUID names no document: a 404, not a database error.
    if (!isUuid(request.params.id)) throw new DocumentNotFound();
    return deleteDocument(ctx, adminId, adminOriginOf(request), request.params.id.toLowerCase());
  });
}
