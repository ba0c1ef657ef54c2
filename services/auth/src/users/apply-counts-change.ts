// Keeps auth's copy of a user's network counts (followers, following and recruited in
// GET /api/auth/user) from civic.social.counts.changed, in the consumer's transaction. Count events of
// one user may arrive out of order, so counts are applied only when their version (the user's
// sequence number in social) is newer than the one held, as apply-balance-change.ts does. That makes
// the events of one user commute: two applied at once queue on the user's row, and the second one
// re-checks the version it finds there, so the consumer handles several at once (events.ts).
import type { EventPayload, socialEvents } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit/events';

export async function applyCountsChange(tx: SqlExecutor, p: EventPayload<typeof socialEvents.CountsChanged>): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE auth.users SET followers = $2::int, following = $3::int, recruited = $4::int, network_counts_version = $5::int
     WHERE id = $1::uuid AND network_counts_version < $5::int`,
    p.userId,
    p.followers,
    p.following,
    p.recruited,
    p.version,
  );
}
