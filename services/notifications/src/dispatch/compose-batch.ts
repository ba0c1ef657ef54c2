// Turns one recipient's due batch into a mail, in one transaction: the batch is taken out of
// notifications.pending, read against what holds now (the switches, blocks, whether the recipient
// still follows the actor, the actor's privacy: a private actor is never named), composed, queued, and the recipient's last_mail_at
// set, which starts the interval before their next mail. The member row is locked FOR UPDATE SKIP
// LOCKED: a second replica composing the same batch skips it instead of mailing twice.
import { randomUUID } from 'node:crypto';
import { NOTIFICATION_KIND_SWITCH, NOTIFICATIONS_OPERATIONS, type TNotificationKind, type TNotificationSwitch } from '@civic/contracts';
import { type ActivityVisibility, type ActorPrivacy, mayNameActor } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import type { NotificationsContext } from '../context.ts';
import { notificationsErasureGuard } from '../data-rights/erasure-guard.ts';
import { signUnsubscribeLink } from '../unsubscribe/unsubscribe-token.ts';
import { composeDigest } from './compose-digest.ts';
import { type DigestItem, describeNotifications } from './describe-notifications.ts';
import { queueMail } from './mail-queue.ts';

/** A batch for a citizen whose address never arrived is dropped after this long. */
export const ADDRESSLESS_BATCH_MS = 24 * 60 * 60 * 1000;

/**
 * Notifications queued a day ago or more for citizens without an address: their registration never
 * reached this service (e.g. an account older than it), so nobody can be mailed. One statement, apart
 * from the due batches, so such recipients never hold the dispatcher's places.
 */
export async function dropAddresslessBatches(ctx: NotificationsContext, now: Date): Promise<void> {
  await ctx.db.execute(
    `DELETE FROM notifications.pending p WHERE p.queued_at < $1::timestamptz
       AND NOT EXISTS (SELECT 1 FROM notifications.members m WHERE m.user_id = p.recipient_id AND m.email IS NOT NULL)`,
    [new Date(now.getTime() - ADDRESSLESS_BATCH_MS).toISOString()],
  );
}

interface RecipientRow {
  email: string | null;
  firstName: string | null;
  emailNotifications: boolean;
  activityNotifications: boolean;
  priorityNotifications: boolean;
  due: boolean;
}

interface TakenRow {
  kind: TNotificationKind;
  actorId: string | null;
  subjectId: string | null;
  subjectTitle: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorActivityVisibility: ActivityVisibility | null;
  recipientFollows: boolean;
  blocked: boolean;
  actorDeleted: boolean;
}

export interface BatchTiming {
  now: Date;
  gatherMs: number;
  intervalMs: number;
}

/**
 * SQL of "this recipient's batch is due" (over pending `p`, grouped, and the member `m`): its first
 * notification waited the gathering time, and the interval since the last mail is over. The
 * parameters hold dueParameters' two times.
 */
export function dueSql(gatheredBefore: string, lastMailBefore: string): string {
  return `min(p.queued_at) <= ${gatheredBefore}::timestamptz AND (m.last_mail_at IS NULL OR m.last_mail_at <= ${lastMailBefore}::timestamptz)`;
}

export function dueParameters(timing: BatchTiming): [string, string] {
  return [new Date(timing.now.getTime() - timing.gatherMs).toISOString(), new Date(timing.now.getTime() - timing.intervalMs).toISOString()];
}

const actorPrivacy = (row: TakenRow): ActorPrivacy => ({ actorId: row.actorId!, activityVisibility: row.actorActivityVisibility });

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part?.trim()).join(' ');
  return name === '' ? null : name;
}

/** Whether the recipient's settings, blocks and follows let this notification through now, and how it names the actor. */
function toDigestItem(row: TakenRow, recipientId: string, recipient: RecipientRow): DigestItem | null {
  if (row.blocked || row.actorDeleted) return null;
  const kindSwitch = NOTIFICATION_KIND_SWITCH[row.kind];
  if (!recipient.emailNotifications || !recipient[kindSwitch]) return null;
  // "Someone you follow created …" holds only while they still do.
  if ((row.kind === 'followee_priority' || row.kind === 'followee_document') && !row.recipientFollows) return null;
  // A private citizen stays nameless to everyone, their followers included (SECURITY 31).
  const named = row.actorId !== null && mayNameActor(actorPrivacy(row), recipientId);
  return {
    kind: row.kind,
    actorId: row.actorId,
    actorName: named ? fullName(row.actorFirstName, row.actorLastName) : null,
    subjectId: row.subjectId,
    subjectTitle: row.subjectTitle,
  };
}

async function takeBatch(tx: SqlDriver, recipientId: string): Promise<TakenRow[]> {
  return tx.query<TakenRow>(
    `WITH taken AS (DELETE FROM notifications.pending WHERE recipient_id = $1::uuid RETURNING *)
     SELECT t.kind, t.actor_id::text AS "actorId", t.subject_id::text AS "subjectId", t.subject_title AS "subjectTitle",
       a.first_name AS "actorFirstName", a.last_name AS "actorLastName",
       a.activity_visibility AS "actorActivityVisibility",
       EXISTS (SELECT 1 FROM notifications.follows f WHERE f.follower_id = $1::uuid AND f.followee_id = t.actor_id) AS "recipientFollows",
       EXISTS (SELECT 1 FROM notifications.blocks b WHERE b.blocked
         AND ((b.blocker_id = $1::uuid AND b.blocked_id = t.actor_id) OR (b.blocker_id = t.actor_id AND b.blocked_id = $1::uuid))) AS blocked,
       EXISTS (SELECT 1 FROM ${notificationsErasureGuard.table} d WHERE d.user_id = t.actor_id) AS "actorDeleted"
     FROM taken t LEFT JOIN notifications.members a ON a.user_id = t.actor_id
     ORDER BY t.occurred_at, t.id`,
    [recipientId],
  );
}

/** The switches a mail's links offer: the category of each line, then the master; the first is the one-click header's. */
function unsubscribeSwitches(items: readonly DigestItem[]): TNotificationSwitch[] {
  const categories = [...new Set(items.map((i) => NOTIFICATION_KIND_SWITCH[i.kind]))];
  return categories.length === 1 ? [categories[0]!, 'emailNotifications'] : ['emailNotifications', ...categories];
}

/** Composes and queues the recipient's batch if it is due; true when a mail was queued. */
export async function composeBatch(ctx: NotificationsContext, recipientId: string, timing: BatchTiming): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    if (await notificationsErasureGuard.isDeletedUser(tx, recipientId)) {
      await tx.execute('DELETE FROM notifications.pending WHERE recipient_id = $1::uuid', [recipientId]);
      return false;
    }
    const [recipient] = await tx.query<RecipientRow>(
      `SELECT m.email, m.first_name AS "firstName", m.email_notifications AS "emailNotifications",
         m.activity_notifications AS "activityNotifications", m.priority_notifications AS "priorityNotifications",
         (SELECT ${dueSql('$2', '$3')} FROM notifications.pending p WHERE p.recipient_id = m.user_id) AS due
       FROM notifications.members m WHERE m.user_id = $1::uuid FOR UPDATE OF m SKIP LOCKED`,
      [recipientId, ...dueParameters(timing)],
    );
    // Locked by another replica (it composes this batch); or no address yet (dropAddresslessBatches
    // waits a day for it); or not due after all.
    if (!recipient?.email || !recipient.due) return false;
    const items = (await takeBatch(tx, recipientId)).map((row) => toDigestItem(row, recipientId, recipient)).filter((i): i is DigestItem => i !== null);
    if (items.length === 0) return false;
    const origin = ctx.platform.config.PUBLIC_ORIGIN;
    const unsubscribe = unsubscribeSwitches(items).map((which) => {
      const token = signUnsubscribeLink(ctx.linkKey, { linkId: randomUUID(), userId: recipientId, switch: which, issuedAt: timing.now });
      const url = new URL(NOTIFICATIONS_OPERATIONS.unsubscribe.path, origin);
      url.searchParams.set('token', token);
      return { switch: which, url: url.toString() };
    });
    const message = composeDigest(recipient.email, recipient.firstName, describeNotifications(items), { origin, unsubscribe });
    const actorIds = [...new Set(items.flatMap((i) => (i.actorId ? [i.actorId] : [])))];
    await queueMail(tx, { recipientId, kind: 'digest', message, notificationCount: items.length, actorIds, at: timing.now });
    await tx.execute('UPDATE notifications.members SET last_mail_at = $2::timestamptz WHERE user_id = $1::uuid', [recipientId, timing.now.toISOString()]);
    return true;
  });
}
