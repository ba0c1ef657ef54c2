// civic.priorities.priority.removed: the priority leaves the read model with what was queued about
// it, and its author gets the moderation notice with the administrator's reason (always
// sent, whatever the switches, outside the hourly batching). Queued in the consumer's transaction;
// the dispatcher's next run sends it.
import { DEFAULT_REMOVAL_REASON, type EventPayload, type prioritiesEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import type { NotificationsContext } from '../context.ts';
import { notificationsErasureGuard } from '../data-rights/erasure-guard.ts';
import { composeRemovalNotice } from '../dispatch/compose-digest.ts';
import { queueMail } from '../dispatch/mail-queue.ts';
import { forgetPriority } from './known-priorities.ts';

export async function applyPriorityRemoval(ctx: NotificationsContext, tx: SqlDriver, p: EventPayload<typeof prioritiesEvents.PriorityRemoved>): Promise<void> {
  await forgetPriority(tx, p.priorityId);
  if (!p.authorId || (await notificationsErasureGuard.isDeletedUser(tx, p.authorId))) return;
  const [author] = await tx.query<{ email: string | null; firstName: string | null }>(
    'SELECT email, first_name AS "firstName" FROM notifications.members WHERE user_id = $1::uuid',
    [p.authorId],
  );
  if (!author?.email) {
    // A registration this service never heard of (an account older than it): nobody to mail.
    ctx.platform.logger.warn({ priorityId: p.priorityId }, 'removal notice not sent: the author has no address here');
    return;
  }
  const reason = p.reason?.trim() || DEFAULT_REMOVAL_REASON;
  const message = composeRemovalNotice(author.email, author.firstName, p.title, reason, ctx.platform.config.PUBLIC_ORIGIN);
  await queueMail(tx, { recipientId: p.authorId, kind: 'removal_notice', message, notificationCount: 1, actorIds: [], at: ctx.platform.clock.now() });
}
