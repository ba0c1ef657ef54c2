// The open agenda's routes (issue 23, docs/open-data.md): the public snapshots (no sign-in: open data
// is for researchers and journalists too), an administrator's snapshot now, and a voter's receipt.
import { Readable } from 'node:stream';
import { fastifyPath, OPEN_DATA_OPERATIONS as ops, routeSchema } from '@civic/contracts';
import { adminOriginOf, requireAdmin, requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PrioritiesContext } from '../context.ts';
import { listSnapshots } from '../open-data/list-snapshots.ts';
import { readSnapshotHead, readSnapshotPriority, snapshotCsv, snapshotJson } from '../open-data/snapshot-document.ts';
import { pruneSnapshots, type SnapshotSchedule } from '../open-data/snapshot-schedule.ts';
import { takeSnapshot } from '../open-data/take-snapshot.ts';
import { voteReceipt } from '../open-data/vote-receipt.ts';

const ZIdParams = z.object({ id: z.string() });
const ZSnapshotPriorityParams = z.object({ id: z.string(), priorityId: z.string() });
/** The snapshot document's shape: 2 since it names its leafOrder and each priority's firstLeaf. */
const DOCUMENT_VERSION = 2;
/** A published snapshot never changes: caches may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function openDataRoutes(app: FastifyInstance, { ctx, schedule }: { ctx: PrioritiesContext; schedule: SnapshotSchedule }) {
  const r = typed(app);

  r.get(fastifyPath(ops.listSnapshots), { schema: routeSchema(ops.listSnapshots) }, async (request, reply) => {
    // A new snapshot appears at most every OPEN_DATA_SNAPSHOT_MS; a minute of staleness is harmless.
    void reply.header('cache-control', 'public, max-age=60');
    return listSnapshots(ctx, schedule.everyMs, request.query);
  });

  r.get(fastifyPath(ops.getSnapshot), { schema: { ...routeSchema(ops.getSnapshot), params: ZIdParams } }, async (request, reply) => {
    const head = await readSnapshotHead(ctx.sql, request.params.id);
    const csv = request.query.format === 'csv';
    // The document's format version is part of the tag: leafOrder and firstLeaf were added to documents
    // already published, so a cache holding the first version revalidates rather than answering 304.
    const etag = `"${head.id}-${request.query.format}-${DOCUMENT_VERSION}"`;
    void reply.header('cache-control', IMMUTABLE).header('etag', etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (csv) {
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="civic-agenda-snapshot-${head.id}.csv"`)
        .send(Readable.from(snapshotCsv(ctx.sql, head)));
    } else {
      void reply.type('application/json; charset=utf-8').send(Readable.from(snapshotJson(ctx.sql, head)));
    }
    return reply;
  });

  r.get(
    fastifyPath(ops.getSnapshotPriority),
    { schema: { ...routeSchema(ops.getSnapshotPriority), params: ZSnapshotPriorityParams } },
    async (request, reply) => {
      const line = await readSnapshotPriority(ctx.sql, request.params.id, request.params.priorityId);
      void reply.header('cache-control', IMMUTABLE);
      return line;
    },
  );

  r.post(fastifyPath(ops.takeSnapshot), { schema: routeSchema(ops.takeSnapshot) }, async (request) => {
    const adminId = requireAdmin(request);
    const summary = (await takeSnapshot(ctx, { kind: 'admin', adminId, origin: adminOriginOf(request) }))!;
    // The retention after the answer: the administrator waits for the snapshot only.
    void pruneSnapshots(ctx, schedule.keep).catch((error: unknown) =>
      request.log.warn({ err: error }, 'deleting old snapshots failed; the next snapshot tries again'),
    );
    return summary;
  });

  r.get(fastifyPath(ops.voteReceipt), { schema: { ...routeSchema(ops.voteReceipt), params: ZIdParams } }, async (request, reply) => {
    // A receipt names the caller's nonce: never kept by a shared cache.
    void reply.header('cache-control', 'private, no-store');
    return voteReceipt(ctx, requireUser(request), request.params.id, schedule.everyMs);
  });
}
