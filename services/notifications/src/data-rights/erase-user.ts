// notifications' part of account erasure (civic.account.user.deleted; docs/protocols/account-data.md),
// in the consumer's transaction. The follow rows go before the queued notifications: a fan-out to
// followers reads them FOR SHARE, so it either finished (its rows are deleted here) or finds none.
// A redelivery finds nothing left.
import type { SqlDriver } from '@civic/service-kit/db';
import { notificationsErasureGuard } from './erasure-guard.ts';

export async function eraseUser(tx: SqlDriver, userId: string, deletedAt: string): Promise<void> {
  // Waits for the writes about the user under way; later ones see the tombstone (erasure-guard.ts).
  await notificationsErasureGuard.lockExclusive(tx, userId);
  await notificationsErasureGuard.markDeleted(tx, userId, deletedAt);
  const statements = [
    'DELETE FROM notifications.follows WHERE follower_id = $1::uuid OR followee_id = $1::uuid',
    'DELETE FROM notifications.blocks WHERE blocker_id = $1::uuid OR blocked_id = $1::uuid',
    'DELETE FROM notifications.pending WHERE recipient_id = $1::uuid OR actor_id = $1::uuid',
    'DELETE FROM notifications.parked WHERE actor_id = $1::uuid',
    // Their own mails, and the unsent mails of others that tell about them.
    'DELETE FROM notifications.mails WHERE recipient_id = $1::uuid OR ($1::uuid = ANY(actor_ids) AND sent_at IS NULL AND failed_at IS NULL)',
    'DELETE FROM notifications.unsubscribe_uses WHERE user_id = $1::uuid',
    'UPDATE notifications.priorities SET author_id = NULL WHERE author_id = $1::uuid',
    'DELETE FROM notifications.members WHERE user_id = $1::uuid',
  ];
  for (const sql of statements) await tx.execute(sql, [userId]);
}
