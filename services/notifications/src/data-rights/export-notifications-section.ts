// The notifications section of the account export (contracts ZNotificationsExportSection): the
// user's waiting batch, when their last mail was composed, the mails (when sent, how many
// notifications each held; the text is not kept) and the unsubscribe links they used.
import type { z } from 'zod';
import type { ZNotificationsExportSection } from '@civic/contracts';
import type { NotificationsContext } from '../context.ts';

type Section = z.infer<typeof ZNotificationsExportSection>;

export async function exportNotificationsSection(ctx: NotificationsContext, userId: string): Promise<Section> {
  const [pending, member, mails, unsubscribes] = await Promise.all([
    ctx.db.query<Omit<Section['pending'][number], 'occurredAt'> & { occurredAt: Date }>(
      `SELECT kind, subject_id::text AS "subjectId", occurred_at AS "occurredAt"
       FROM notifications.pending WHERE recipient_id = $1::uuid ORDER BY occurred_at, id`,
      [userId],
    ),
    ctx.db.query<{ lastMailAt: Date | null }>('SELECT last_mail_at AS "lastMailAt" FROM notifications.members WHERE user_id = $1::uuid', [userId]),
    ctx.db.query<{ sentAt: Date | null; notificationCount: number }>(
      'SELECT sent_at AS "sentAt", notification_count AS "notificationCount" FROM notifications.mails WHERE recipient_id = $1::uuid ORDER BY created_at, id',
      [userId],
    ),
    ctx.db.query<{ switch: Section['unsubscribes'][number]['switch']; usedAt: Date }>(
      'SELECT switch, used_at AS "usedAt" FROM notifications.unsubscribe_uses WHERE user_id = $1::uuid ORDER BY used_at',
      [userId],
    ),
  ]);
  return {
    pending: pending.map((p) => ({ ...p, occurredAt: p.occurredAt.toISOString() })),
    lastMailAt: member[0]?.lastMailAt?.toISOString() ?? null,
    mails: mails.map((m) => ({ sentAt: m.sentAt?.toISOString() ?? null, notificationCount: m.notificationCount })),
    unsubscribes: unsubscribes.map((u) => ({ switch: u.switch, usedAt: u.usedAt.toISOString() })),
  };
}
