// Records a recruit when civic.auth.user.registered names an eligible recruiter (auth checked it), and
// publishes civic.social.recruit.joined once: the ledger then pays recruit_user_reward.
// Against farming (README "Recruiting"): mailboxes are cheap in bulk, so a recruiter is rewarded for
// at most RECRUIT_REWARDS_PER_DAY recent recruits; past the cap they still count in `recruited`.
import { lockUser } from '@civic/service-kit';
import type { EventPayload, authEvents } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';
import { emitRecruitJoined } from '../events.ts';
import { changeNetworkState, lockNetworkStates } from '../network/network-state.ts';

/** Rewarded recruits per recruiter in any 24 hours. */
export const RECRUIT_REWARDS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The advisory lock space of "a recruiter's cap" (two-key form: this class, hashtext(user id)). */
const RECRUITER_LOCK_CLASS = 0x52435231; // 'RCR1'

export async function recordRecruit(tx: SqlDriver, p: EventPayload<typeof authEvents.UserRegistered>): Promise<void> {
  const recruiterId = p.recruiterId;
  if (!recruiterId || recruiterId === p.userId) return;
  // Both users' erasure locks first, as every network writer takes them (network-members.ts): an
  // erasure of either waits for this recruit or finds it; one erased already leaves nothing to record.
  for (const id of [recruiterId, p.userId].sort()) await socialErasureGuard.lockShared(tx, id);
  if (await socialErasureGuard.isDeletedUser(tx, recruiterId)) return;
  if (await socialErasureGuard.isDeletedUser(tx, p.userId)) return;
  // Serialises the recruits of one recruiter, so two at once cannot both pass the cap's count.
  await lockUser(tx, RECRUITER_LOCK_CLASS, recruiterId, 'exclusive');
  const joinedAt = new Date(p.registeredAt);
  const [window] = await tx.query<{ rewarded: number }>(
    `SELECT count(*)::int AS rewarded FROM social.recruits
     WHERE recruiter_id = $1::uuid AND rewarded AND joined_at > $2::timestamptz`,
    [recruiterId, new Date(joinedAt.getTime() - DAY_MS).toISOString()],
  );
  const rewarded = window!.rewarded < RECRUIT_REWARDS_PER_DAY;
  const inserted = await tx.query<unknown>(
    `INSERT INTO social.recruits (recruited_user_id, recruiter_id, joined_at, rewarded)
     VALUES ($1::uuid, $2::uuid, $3::timestamptz, $4::boolean)
     ON CONFLICT (recruited_user_id) DO NOTHING RETURNING 1`,
    [p.userId, recruiterId, joinedAt.toISOString(), rewarded],
  );
  // A redelivered registration finds its row: no second event, no second count.
  if (inserted.length === 0) return;
  // The recruiter's `recruited` (spec 3 User) moves with the row, under the state row's lock, and
  // reaches auth and account through CountsChanged (network-state.ts).
  await lockNetworkStates(tx, [recruiterId]);
  await changeNetworkState(tx, recruiterId, { recruited: 1 }, joinedAt.toISOString());
  if (rewarded) await emitRecruitJoined(tx, { recruiterId, recruitedUserId: p.userId, joinedAt: joinedAt.toISOString() });
}

/**
 * The recruiter of `userId`, when social recorded one: erasing a recruit lowers that recruiter's
 * `recruited` (erase-user.ts locks the recruiter's state row with the others before it changes any).
 */
export async function recruiterOf(tx: SqlDriver, userId: string): Promise<string | null> {
  const [row] = await tx.query<{ recruiterId: string }>('SELECT recruiter_id::text AS "recruiterId" FROM social.recruits WHERE recruited_user_id = $1::uuid', [
    userId,
  ]);
  return row?.recruiterId ?? null;
}

/** Account erasure: the user's recruits, on either side, go. */
export async function eraseRecruits(tx: SqlDriver, userId: string): Promise<void> {
  await tx.execute('DELETE FROM social.recruits WHERE recruiter_id = $1::uuid OR recruited_user_id = $1::uuid', [userId]);
}
