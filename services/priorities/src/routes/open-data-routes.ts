// The open agenda's routes (docs/open-data.md): the public snapshots (no sign-in: open data
// is for researchers and journalists too), an administrator's snapshot now, and a voter's receipt.
import { Readable } from 'node:stream';
import { fastifyPath, OPEN_DATA_MESSAGES, OPEN_DATA_OPERATIONS as ops, routeSchema } from '@civic/contracts';
import { adminOriginOf, requireAdmin, requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PrioritiesContext } from '../context.ts';
import { listSnapshots } from '../open-data/list-snapshots.ts';
import { byteRangeOf, negotiateEncoding, noneMatch } from '../open-data/representation.ts';
import { readSnapshotHead, readSnapshotPriority } from '../open-data/snapshot-document.ts';
import { pruneSnapshots, type SnapshotSchedule } from '../open-data/snapshot-schedule.ts';
import { readStoredDocument } from '../open-data/store-documents.ts';
import { takeSnapshot } from '../open-data/take-snapshot.ts';
import { voteReceipt } from '../open-data/vote-receipt.ts';

const ZIdParams = z.object({ id: z.string() });
const ZSnapshotPriorityParams = z.object({ id: z.string(), priorityId: z.string() });
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
    const head = await readSnapshotHead(ctx.db, request.params.id);
    const { format } = request.query;
    const encoding = negotiateEncoding(String(request.headers['accept-encoding'] ?? ''));
    const document = await readStoredDocument(ctx.db, { snapshotId: head.id, format, encoding });
    if (!document) {
      // Taken before documents were stored: the schedule stores them (one snapshot a minute).
      return reply.code(503).header('retry-after', '60').send({ message: OPEN_DATA_MESSAGES.documentPending, code: 'PRIORITIES_SNAPSHOT_DOCUMENT_PENDING' });
    }
    // The tag is the stored bytes' hash: each coding is its own representation with its own tag.
    const etag = `"${document.sha256.toString('base64url')}"`;
    void reply.header('cache-control', IMMUTABLE).header('etag', etag).header('vary', 'accept-encoding').header('accept-ranges', 'bytes');
    if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const size = document.byteSize;
    const range = byteRangeOf(request.headers.range, request.headers['if-range'] as string | undefined, size, etag);
    if (range.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${size}`)
        .send({ message: OPEN_DATA_MESSAGES.rangeNotSatisfiable, code: 'PRIORITIES_RANGE_NOT_SATISFIABLE' });
    }
    const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, size - 1];
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    if (format === 'csv') {
      void reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="civic-agenda-snapshot-${head.id}.csv"`);
    } else {
      void reply.type('application/json; charset=utf-8');
    }
    if (range.kind === 'part') void reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
    void reply.header('content-length', String(end - start + 1));
    // HEAD: Fastify drains a stream it is given, which would read the whole document for nothing.
    return reply.send(request.method === 'HEAD' ? Readable.from([]) : schedule.documents.read(ctx.db, document, start, end));
  });

  r.get(
    fastifyPath(ops.getSnapshotPriority),
    { schema: { ...routeSchema(ops.getSnapshotPriority), params: ZSnapshotPriorityParams } },
    async (request, reply) => {
      const line = await readSnapshotPriority(ctx.db, request.params.id, request.params.priorityId);
      void reply.header('cache-control', IMMUTABLE);
      return line;
    },
  );

  r.post(fastifyPath(ops.takeSnapshot), { schema: routeSchema(ops.takeSnapshot) }, async (request) => {
    const adminId = requireAdmin(request);
    const summary = (await takeSnapshot(ctx, { kind: 'admin', adminId, origin: adminOriginOf(request) }, schedule.documents))!;
    // The retention after the answer: the administrator waits for the snapshot only.
    void pruneSnapshots(ctx, schedule).catch((error: unknown) =>
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
