// What a mail's unsubscribe link does (RFC 8058). The signed token names the link, the
// citizen and the switch; no session is involved, so the token is the only authority, and each link
// works once (unsubscribe_uses' primary key, under any concurrency) and for 90 days after its mail. The switch is turned off here at
// once, so the next batch already obeys it, and civic.notifications.switch.unsubscribed tells the
// account service, which owns the settings, to turn it off there too (and /settings shows it).
import { NOTIFICATION_SWITCH_LABELS, type TUnsubscribeAnswer, UNSUBSCRIBE_MESSAGES } from '@civic/contracts';
import type { NotificationsContext } from '../context.ts';
import { notificationsErasureGuard } from '../data-rights/erasure-guard.ts';
import { UnsubscribeLinkExpired, UnsubscribeLinkInvalid, UnsubscribeLinkUsed } from '../errors.ts';
import { emitSwitchUnsubscribed } from '../events.ts';
import { isUnsubscribeLinkExpired, type UnsubscribeLink, verifyUnsubscribeLink } from './unsubscribe-token.ts';

const SWITCH_COLUMNS = {
  emailNotifications: 'email_notifications',
  activityNotifications: 'activity_notifications',
  priorityNotifications: 'priority_notifications',
} as const;

const label = (link: UnsubscribeLink) => NOTIFICATION_SWITCH_LABELS[link.switch];

/** The link the token names, if it is genuine and still within its lifetime. */
function verified(ctx: NotificationsContext, token: string): UnsubscribeLink {
  const link = verifyUnsubscribeLink(ctx.linkKey, token);
  if (!link) throw new UnsubscribeLinkInvalid();
  if (isUnsubscribeLinkExpired(link, ctx.platform.clock.now())) throw new UnsubscribeLinkExpired();
  return link;
}

/** GET: what the link would do, changing nothing (mail scanners follow links). */
export async function describeUnsubscribeLink(ctx: NotificationsContext, token: string): Promise<TUnsubscribeAnswer> {
  const link = verified(ctx, token);
  const [used] = await ctx.db.query<{ used: boolean }>('SELECT EXISTS (SELECT 1 FROM notifications.unsubscribe_uses WHERE link_id = $1::uuid) AS used', [
    link.linkId,
  ]);
  if (used!.used) throw new UnsubscribeLinkUsed();
  return { switch: link.switch, unsubscribed: false, message: UNSUBSCRIBE_MESSAGES.confirm.replace('{label}', label(link)) };
}

/** POST: turns the switch off, once. */
export async function useUnsubscribeLink(ctx: NotificationsContext, token: string): Promise<TUnsubscribeAnswer> {
  const link = verified(ctx, token);
  const now = ctx.platform.clock.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    // An erased account's links lead nowhere.
    if (await notificationsErasureGuard.isDeletedUser(tx, link.userId)) throw new UnsubscribeLinkInvalid();
    const recorded = await tx.execute(
      `INSERT INTO notifications.unsubscribe_uses (link_id, user_id, switch, used_at) VALUES ($1::uuid, $2::uuid, $3, $4::timestamptz)
       ON CONFLICT (link_id) DO NOTHING`,
      [link.linkId, link.userId, link.switch, now],
    );
    if (recorded === 0) throw new UnsubscribeLinkUsed();
    const column = SWITCH_COLUMNS[link.switch];
    await tx.execute(
      `INSERT INTO notifications.members (user_id, ${column}) VALUES ($1::uuid, false)
       ON CONFLICT (user_id) DO UPDATE SET ${column} = false`,
      [link.userId],
    );
    await emitSwitchUnsubscribed(tx, { userId: link.userId, switch: link.switch, unsubscribedAt: now });
  });
  return { switch: link.switch, unsubscribed: true, message: UNSUBSCRIBE_MESSAGES.done.replace('{label}', label(link)) };
}
