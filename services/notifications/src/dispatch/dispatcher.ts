// The dispatcher: every NOTIFICATIONS_DISPATCH_MS each process composes the batches that are due
// (compose-batch.ts) and sends the queued mails (mail-queue.ts). Replicas share the work safely: a
// batch is composed under its member row's lock, a mail sent under its lease.
import { type PeriodicJob, startPeriodicJob } from '@civic/service-kit';
import type { NotificationsContext } from '../context.ts';
import { type BatchTiming, composeBatch, dropAddresslessBatches, dueParameters, dueSql } from './compose-batch.ts';
import { resolveParked } from '../priorities/parked-notifications.ts';
import { sendQueuedMails } from './mail-queue.ts';

/** Batches composed per run at most; the next run takes the rest. */
const BATCHES_PER_RUN = 200;

export function batchTiming(ctx: NotificationsContext): BatchTiming {
  return {
    now: ctx.platform.clock.now(),
    gatherMs: ctx.config.NOTIFICATIONS_GATHER_SECONDS * 1000,
    intervalMs: ctx.config.NOTIFICATIONS_INTERVAL_SECONDS * 1000,
  };
}

/** One run: due batches into mails, then the mails out. */
export async function dispatchOnce(ctx: NotificationsContext): Promise<{ composed: number; sent: number }> {
  const timing = batchTiming(ctx);
  await dropAddresslessBatches(ctx, timing.now);
  const due = await ctx.db.query<{ recipientId: string }>(
    `SELECT p.recipient_id::text AS "recipientId" FROM notifications.pending p
     JOIN notifications.members m ON m.user_id = p.recipient_id AND m.email IS NOT NULL
     GROUP BY p.recipient_id, m.last_mail_at
     HAVING ${dueSql('$1', '$2')}
     ORDER BY min(p.queued_at) LIMIT ${BATCHES_PER_RUN}`,
    dueParameters(timing),
  );
  let composed = 0;
  for (const { recipientId } of due) if (await composeBatch(ctx, recipientId, timing)) composed++;
  return { composed, sent: await sendQueuedMails(ctx) };
}

/**
 * The dispatcher, and beside it the lookups of parked votes (parked-notifications.ts): a job of their
 * own, so a priorities service that is slow or away never holds back the mail.
 */
export function startDispatcher(ctx: NotificationsContext): PeriodicJob[] {
  return [
    startPeriodicJob('notifications-dispatch', ctx.config.NOTIFICATIONS_DISPATCH_MS, () => dispatchOnce(ctx), ctx.platform.logger),
    startPeriodicJob('notifications-parked-lookups', ctx.config.NOTIFICATIONS_DISPATCH_MS, () => resolveParked(ctx), ctx.platform.logger),
  ];
}
