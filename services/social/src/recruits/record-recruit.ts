// Records a recruit when auth's civic.auth.user.registered names an eligible recruiter (auth checked
// that the recruiter exists and is not banned, that it is not the new account, and that the address
// was never erased), and publishes civic.social.recruit.joined once, through the outbox in the
// consumer's transaction: the ledger then pays recruit_user_reward.
//
// Against farming (README "Recruiting"): a recruiter is rewarded for at most
// RECRUIT_REWARDS_PER_DAY recruits whose accounts were created in the last 24 hours. Making accounts
// costs one mailbox each and canonical addresses already fold "+tag" and Gmail's dots, but mailboxes
// are cheap in bulk; the cap bounds what a farm earns per day, while a real recruiter rarely brings in
// more. Recruits past the cap still count in `recruited` (they did join), with no reward.
import { lockUser } from '@civic/service-kit';
import type { EventPayload, authEvents } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit/events';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';
import { emitRecruitJoined } from '../events.ts';

/** Rewarded recruits per recruiter in any 24 hours. */
export const RECRUIT_REWARDS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The advisory lock space of "a recruiter's cap" (two-key form: this class, hashtext(user id)). */
const RECRUITER_LOCK_CLASS = 0x52435231; // 'RCR1'

export async function recordRecruit(tx: SqlExecutor, p: EventPayload<typeof authEvents.UserRegistered>): Promise<void> {
  const recruiterId = p.recruiterId;
  if (!recruiterId || recruiterId === p.userId) return;
  // A recruiter or recruit erased meanwhile (social's tombstones): nothing to record.
  if (await socialErasureGuard.isDeletedUser(tx, recruiterId)) return;
  if (await socialErasureGuard.isDeletedUser(tx, p.userId)) return;
  // Serialises the recruits of one recruiter, so two at once cannot both pass the cap's count.
  await lockUser(tx, RECRUITER_LOCK_CLASS, recruiterId, 'exclusive');
  const joinedAt = new Date(p.registeredAt);
  const [window] = await tx.$queryRawUnsafe<{ rewarded: number }[]>(
    `SELECT count(*)::int AS rewarded FROM social.recruits
     WHERE recruiter_id = $1::uuid AND rewarded AND joined_at > $2::timestamptz`,
    recruiterId,
    new Date(joinedAt.getTime() - DAY_MS).toISOString(),
  );
  const rewarded = window!.rewarded < RECRUIT_REWARDS_PER_DAY;
  const inserted = await tx.$queryRawUnsafe<unknown[]>(
    `INSERT INTO social.recruits (recruited_user_id, recruiter_id, joined_at, rewarded)
     VALUES ($1::uuid, $2::uuid, $3::timestamptz, $4::boolean)
     ON CONFLICT (recruited_user_id) DO NOTHING RETURNING 1`,
    p.userId,
    recruiterId,
    joinedAt.toISOString(),
    rewarded,
  );
  // A redelivered registration finds its row: no second event.
  if (inserted.length === 1 && rewarded) {
    await emitRecruitJoined(tx, { recruiterId, recruitedUserId: p.userId, joinedAt: joinedAt.toISOString() });
  }
}

/**
 * The recruiter's `recruited` count (spec 3 User): every recruit recorded. The counts slice publishes
 * it in civic.social.counts.changed with the recruiter's next version when a recruit is recorded.
 */
export async function countRecruited(tx: SqlExecutor, userId: string): Promise<number> {
  const [row] = await tx.$queryRawUnsafe<{ recruited: number }[]>(
    'SELECT count(*)::int AS recruited FROM social.recruits WHERE recruiter_id = $1::uuid',
    userId,
  );
  return row!.recruited;
}

/** Account erasure: the user's recruits, on either side, go (the recruiter's count drops). */
export async function eraseRecruits(tx: SqlExecutor, userId: string): Promise<void> {
  await tx.$executeRawUnsafe('DELETE FROM social.recruits WHERE recruiter_id = $1::uuid OR recruited_user_id = $1::uuid', userId);
}
