// Keeps notifications' copy of the citizen network from social's events, in the consumer's
// transaction: follow edges (who hears of a citizen's new priority or document, who may be told of
// a private citizen's acts) and each pair's block state (never a notification between them).
import type { EventPayload, socialEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { notificationsErasureGuard } from '../data-rights/erasure-guard.ts';
import { withdrawNotifications } from '../pending/enqueue-notification.ts';

/** civic.social.follow.changed: the edge made or cut; an unfollow takes back its "followed you". */
export async function applyFollowChange(tx: SqlDriver, p: EventPayload<typeof socialEvents.FollowChanged>): Promise<void> {
  if (!p.following) {
    await tx.execute('DELETE FROM notifications.follows WHERE follower_id = $1::uuid AND followee_id = $2::uuid', [p.followerId, p.followeeId]);
    await withdrawNotifications(tx, { kinds: ['followed'], actorId: p.followerId, recipientId: p.followeeId });
    return;
  }
  await notificationsErasureGuard.lockShared(tx, p.followerId);
  await notificationsErasureGuard.lockShared(tx, p.followeeId);
  await tx.execute(
    `INSERT INTO notifications.follows (follower_id, followee_id) SELECT $1::uuid, $2::uuid
     WHERE NOT ${notificationsErasureGuard.deletedSql('$1')} AND NOT ${notificationsErasureGuard.deletedSql('$2')}
     ON CONFLICT DO NOTHING`,
    [p.followerId, p.followeeId],
  );
}

/**
 * civic.social.block.changed: the pair's state of the highest version wins (a late older "blocked"
 * cannot undo a newer unblock). A block takes back what was queued between the two, both ways.
 */
export async function applyBlockChange(tx: SqlDriver, p: EventPayload<typeof socialEvents.BlockChanged>): Promise<void> {
  const applied = await tx.execute(
    `INSERT INTO notifications.blocks AS b (blocker_id, blocked_id, blocked, version) VALUES ($1::uuid, $2::uuid, $3, $4)
     ON CONFLICT (blocker_id, blocked_id) DO UPDATE SET blocked = EXCLUDED.blocked, version = EXCLUDED.version
     WHERE b.version < EXCLUDED.version`,
    [p.blockerId, p.blockedId, p.blocked, p.version],
  );
  if (applied === 0 || !p.blocked) return;
  await tx.execute(
    `DELETE FROM notifications.pending
     WHERE (recipient_id = $1::uuid AND actor_id = $2::uuid) OR (recipient_id = $2::uuid AND actor_id = $1::uuid)`,
    [p.blockerId, p.blockedId],
  );
}
