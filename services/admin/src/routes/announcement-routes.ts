// /api/admin/announcements (administrators) and GET /api/announcements (signed-in citizens).
import { ADMIN_OPERATIONS as ops, fastifyPath, isUuid, routeSchema } from '@civic/contracts';
import { requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdminContext } from '../context.ts';
import { listAnnouncements } from '../announcements/list-announcements.ts';
import { createAnnouncement, deleteAnnouncement, updateAnnouncement } from '../announcements/manage-announcements.ts';
import { AnnouncementNotFound } from '../errors.ts';
import { actorOf } from './actor.ts';
import { announcementsEtag, etagMatches } from './announcement-etag.ts';

const ZIdParams = z.object({ id: z.string() });

/** Anything that is not a UUID names no announcement: a 404, not a database error. */
function announcementId(id: string): string {
  if (!isUuid(id)) throw new AnnouncementNotFound();
  return id.toLowerCase();
}

export async function announcementRoutes(app: FastifyInstance, { ctx }: { ctx: AdminContext }) {
  const r = typed(app);

  r.get(fastifyPath(ops.listAnnouncements), { schema: routeSchema(ops.listAnnouncements) }, async (request) => {
    requireUser(request);
    return listAnnouncements(ctx, { visibleOnly: request.query.activeOnly === 'true' });
  });

  r.post(fastifyPath(ops.createAnnouncement), { schema: routeSchema(ops.createAnnouncement) }, async (request) =>
    createAnnouncement(ctx, actorOf(request), request.body),
  );

  r.patch(fastifyPath(ops.updateAnnouncement), { schema: { ...routeSchema(ops.updateAnnouncement), params: ZIdParams } }, async (request) =>
    updateAnnouncement(ctx, actorOf(request), announcementId(request.params.id), request.body),
  );

  r.delete(fastifyPath(ops.deleteAnnouncement), { schema: { ...routeSchema(ops.deleteAnnouncement), params: ZIdParams } }, async (request) =>
    deleteAnnouncement(ctx, actorOf(request), announcementId(request.params.id)),
  );

  r.get(fastifyPath(ops.activeAnnouncements), { schema: routeSchema(ops.activeAnnouncements) }, async (request, reply) => {
    requireUser(request);
    const list = await listAnnouncements(ctx, { visibleOnly: true });
    const etag = announcementsEtag(list);
    // private: one citizen's answer is not for shared caches; no-cache: always revalidated (the poll).
    void reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return list;
  });
}
