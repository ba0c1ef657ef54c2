// Votes and promotions name only the priority; its author is read from the priorities read model.
// Events of different subjects have no order between them (one durable consumer each), so a vote can
// arrive before its priority's creation. Then it is parked (notifications.parked), and released to
// the author when the creation (or the top-ten entry, which names the author too) arrives. For a
// priority still unknown after PARK_LOOKUP_MS (created before this service existed, its event past
// the stream's retention), the dispatcher asks the priorities service, outside any transaction (an
// embedded process shares one database connection, which a transaction would hold while it waits).
import { PRIORITIES_REQUESTS, type TNotificationKind } from '@civic/contracts';
import { SERVICE_IDENTITY } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import type { NotificationsContext } from '../context.ts';
import { notificationsErasureGuard } from '../data-rights/erasure-guard.ts';
import { enqueueNotification, withdrawNotifications } from '../pending/enqueue-notification.ts';
import { knownPriority, lockPriority, rememberPriority } from './known-priorities.ts';

/** How long a notification waits for its priority's creation event before the owner is asked. */
export const PARK_LOOKUP_MS = 30_000;
const LOOKUP_TIMEOUT_MS = 3_000;
const LOOKUPS_PER_RUN = 20;

export interface AuthorNotification {
  kind: 'endorsed' | 'opposed' | 'promoted';
  actorId: string;
  priorityId: string;
  /** The title the event carried (a vote does; a promotion takes the read model's). */
  subjectTitle: string | null;
  occurredAt: string;
  sourceEventId: string;
}

type ParkedRow = AuthorNotification;

async function enqueueForAuthor(tx: SqlDriver, authorId: string, title: string, n: AuthorNotification, queuedAt: Date): Promise<void> {
  await enqueueNotification(
    tx,
    authorId,
    {
      kind: n.kind,
      actorId: n.actorId,
      subjectId: n.priorityId,
      subjectTitle: n.subjectTitle ?? title,
      occurredAt: n.occurredAt,
      sourceEventId: n.sourceEventId,
    },
    queuedAt,
  );
}

/**
 * Queues the notification for the priority's author, or parks it until the author is known.
 * `replaces`: the kinds of this citizen's earlier notifications about the priority that it replaces
 * (a switched vote is told as it stands). They are withdrawn after the per-user locks are taken, in
 * the order every writer takes them, so an erasure of the author cannot deadlock with it.
 */
export async function notifyAuthor(tx: SqlDriver, n: AuthorNotification, queuedAt: Date, replaces: readonly TNotificationKind[] = []): Promise<void> {
  await lockPriority(tx, n.priorityId);
  const priority = await knownPriority(tx, n.priorityId);
  if (priority?.authorId) {
    await notificationsErasureGuard.lockShared(tx, priority.authorId);
    await notificationsErasureGuard.lockShared(tx, n.actorId);
  }
  if (replaces.length > 0) await withdrawNotifications(tx, { kinds: replaces, actorId: n.actorId, subjectId: n.priorityId });
  if (priority) {
    if (priority.authorId) await enqueueForAuthor(tx, priority.authorId, priority.title, n, queuedAt);
    return;
  }
  await tx.execute(
    `INSERT INTO notifications.parked (source_event_id, priority_id, kind, actor_id, subject_title, occurred_at, parked_at)
     VALUES ($1::uuid, $2::uuid, $3, $4::uuid, $5, $6::timestamptz, $7::timestamptz) ON CONFLICT DO NOTHING`,
    [n.sourceEventId, n.priorityId, n.kind, n.actorId, n.subjectTitle, n.occurredAt, queuedAt.toISOString()],
  );
}

/**
 * The priority is known (its creation, its top-ten entry, or the lookup): it is remembered, and what
 * waited for it goes to its author, under the priority's lock (see lockPriority).
 */
export async function learnPriority(tx: SqlDriver, priorityId: string, authorId: string | null, title: string, queuedAt: Date): Promise<void> {
  await lockPriority(tx, priorityId);
  await rememberPriority(tx, priorityId, authorId, title);
  const rows = await tx.query<ParkedRow>(
    `DELETE FROM notifications.parked WHERE priority_id = $1::uuid
     RETURNING kind, actor_id::text AS "actorId", priority_id::text AS "priorityId", subject_title AS "subjectTitle",
       occurred_at AS "occurredAt", source_event_id::text AS "sourceEventId"`,
    [priorityId],
  );
  if (!authorId) return;
  for (const row of rows) {
    const occurredAt = (row.occurredAt as unknown as Date).toISOString();
    await enqueueForAuthor(tx, authorId, title, { ...row, occurredAt }, queuedAt);
  }
}

/** Dispatcher step: asks the priorities service about priorities parked for long, one lookup each. */
export async function resolveParked(ctx: NotificationsContext): Promise<void> {
  const now = ctx.platform.clock.now();
  const ids = await ctx.db.query<{ priorityId: string }>(
    `SELECT priority_id::text AS "priorityId" FROM notifications.parked GROUP BY priority_id
     HAVING min(parked_at) <= $1::timestamptz ORDER BY min(parked_at) LIMIT ${LOOKUPS_PER_RUN}`,
    [new Date(now.getTime() - PARK_LOOKUP_MS).toISOString()],
  );
  for (const { priorityId } of ids) {
    let answer: { priority: { priorityId: string; authorId: string | null; title: string; isActive: boolean } | null };
    try {
      answer = await ctx.platform.requests.request(
        PRIORITIES_REQUESTS.lookup,
        { priorityId },
        { caller: 'notifications', identity: SERVICE_IDENTITY, timeoutMs: LOOKUP_TIMEOUT_MS },
      );
    } catch (error) {
      // Priorities is away: this priority goes to the back of the line, asked again PARK_LOOKUP_MS later.
      ctx.platform.logger.warn({ err: error, priorityId }, 'parked notifications wait: the priorities service did not answer');
      await ctx.db.execute('UPDATE notifications.parked SET parked_at = $2::timestamptz WHERE priority_id = $1::uuid', [
        priorityId,
        ctx.platform.clock.now().toISOString(),
      ]);
      continue;
    }
    const { priority } = answer;
    await ctx.db.transaction(async (tx) => {
      // Unknown or removed: nothing is told about it.
      if (!priority?.isActive) {
        await tx.execute('DELETE FROM notifications.parked WHERE priority_id = $1::uuid', [priorityId]);
        return;
      }
      await learnPriority(tx, priority.priorityId, priority.authorId, priority.title, ctx.platform.clock.now());
    });
  }
}
