// Puts a notification in its recipient's batch (notifications.pending), in the consumer's
// transaction. Nothing is queued that could never be sent: no notification of one's own act, none
// between two citizens when either blocked the other, none the recipient's switches already refuse
// (the switches are read again when the batch is composed: a switch turned off later still wins),
// none for a deleted account. The (event, recipient) key makes a redelivery queue nothing twice.
import type { TNotificationKind } from '@civic/contracts';
import { NOTIFICATION_KIND_SWITCH } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { notificationsErasureGuard } from '../data-rights/erasure-guard.ts';

export interface NotificationInput {
  kind: TNotificationKind;
  /** Who did it; null when nobody is named (a priority entering the top 10). */
  actorId: string | null;
  /** The priority or briefing document it is about, with the title the mail quotes. */
  subjectId: string | null;
  subjectTitle: string | null;
  occurredAt: string;
  sourceEventId: string;
}

/** The switch column that governs `kind` (besides the master email_notifications). */
const switchColumn = (kind: TNotificationKind) =>
  NOTIFICATION_KIND_SWITCH[kind] === 'priorityNotifications' ? 'priority_notifications' : 'activity_notifications';

/**
 * SQL true when the recipient (column `recipient`) may be told about the actor (parameter `actor`):
 * not the same citizen, no block either way, the recipient's switches (defaults on) allow `kind`.
 */
function allowedSql(kind: TNotificationKind, recipient: string, actor: string): string {
  return `(${actor}::uuid IS NULL OR ${actor}::uuid <> ${recipient})
     AND NOT EXISTS (SELECT 1 FROM notifications.blocks b WHERE b.blocked
       AND ((b.blocker_id = ${recipient} AND b.blocked_id = ${actor}::uuid) OR (b.blocker_id = ${actor}::uuid AND b.blocked_id = ${recipient})))
     AND NOT EXISTS (SELECT 1 FROM notifications.members m WHERE m.user_id = ${recipient}
       AND NOT (m.email_notifications AND m.${switchColumn(kind)}))
     AND NOT EXISTS (SELECT 1 FROM ${notificationsErasureGuard.table} d WHERE d.user_id = ${recipient})`;
}

const INSERT_COLUMNS = 'recipient_id, kind, actor_id, subject_id, subject_title, occurred_at, queued_at, source_event_id';

/** One recipient (the author of a voted priority, the followed citizen, the recruiter). */
export async function enqueueNotification(tx: SqlDriver, recipientId: string, input: NotificationInput, queuedAt: Date): Promise<void> {
  if (input.actorId === recipientId) return;
  // Shared locks of both: the erasure of either (exclusive) waits for this write, or this sees its tombstone.
  await notificationsErasureGuard.lockShared(tx, recipientId);
  if (input.actorId) await notificationsErasureGuard.lockShared(tx, input.actorId);
  await tx.execute(
    `INSERT INTO notifications.pending (${INSERT_COLUMNS})
     SELECT $1::uuid, $2, $3::uuid, $4::uuid, $5, $6::timestamptz, $7::timestamptz, $8::uuid
     WHERE ${allowedSql(input.kind, '$1::uuid', '$3')} AND NOT ${notificationsErasureGuard.deletedSql('$3')}
     ON CONFLICT (source_event_id, recipient_id) DO NOTHING`,
    [recipientId, input.kind, input.actorId, input.subjectId, input.subjectTitle, input.occurredAt, queuedAt.toISOString(), input.sourceEventId],
  );
}

/**
 * Every follower of the actor (a new priority or briefing document of someone they follow), in one
 * statement whatever the number of followers. The follow rows are read FOR SHARE: a follower's
 * erasure deletes their follow rows before their queued notifications, so it waits for this insert
 * and then deletes what it queued, or this finds no row (erase-user.ts keeps that order).
 */
export async function enqueueForFollowers(tx: SqlDriver, input: NotificationInput & { actorId: string }, queuedAt: Date): Promise<void> {
  await notificationsErasureGuard.lockShared(tx, input.actorId);
  await tx.execute(
    `INSERT INTO notifications.pending (${INSERT_COLUMNS})
     SELECT f.follower_id, $1, $2::uuid, $3::uuid, $4, $5::timestamptz, $6::timestamptz, $7::uuid
     FROM (SELECT follower_id FROM notifications.follows WHERE followee_id = $2::uuid FOR SHARE) f
     WHERE ${allowedSql(input.kind, 'f.follower_id', '$2')} AND NOT ${notificationsErasureGuard.deletedSql('$2')}
     ON CONFLICT (source_event_id, recipient_id) DO NOTHING`,
    [input.kind, input.actorId, input.subjectId, input.subjectTitle, input.occurredAt, queuedAt.toISOString(), input.sourceEventId],
  );
}

/** Drops queued notifications that no longer hold (a vote taken back, an unfollow, a removed subject). */
export async function withdrawNotifications(
  tx: SqlDriver,
  where: { kinds: readonly TNotificationKind[]; actorId?: string; recipientId?: string; subjectId?: string },
): Promise<void> {
  await tx.execute(
    `DELETE FROM notifications.pending WHERE kind = ANY($1::text[])
       AND ($2::uuid IS NULL OR actor_id = $2::uuid) AND ($3::uuid IS NULL OR recipient_id = $3::uuid)
       AND ($4::uuid IS NULL OR subject_id = $4::uuid)`,
    [`{${where.kinds.join(',')}}`, where.actorId ?? null, where.recipientId ?? null, where.subjectId ?? null],
  );
  // A vote or promotion still waiting for its priority's author (parked-notifications.ts) goes too.
  if (where.recipientId !== undefined) return;
  await tx.execute(
    `DELETE FROM notifications.parked WHERE kind = ANY($1::text[])
       AND ($2::uuid IS NULL OR actor_id = $2::uuid) AND ($3::uuid IS NULL OR priority_id = $3::uuid)`,
    [`{${where.kinds.join(',')}}`, where.actorId ?? null, where.subjectId ?? null],
  );
}
