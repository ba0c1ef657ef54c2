// The daily bound of a reward (SECURITY 30: only the first briefing_rewards_per_day documents of a
// citizen's UTC day earn). Each rewarded entry takes a numbered slot of its day as its key,
// "YYYY-MM-DD#n" with n from 1 to the limit: counted under the account's lock, so credits of one
// account take turns, and the (user, kind, key) unique index refuses a second entry in any slot, so
// no race can pay more than `limit` in a day. Reversed rewards keep their slot: deleting content
// never frees a reward.
import type { TLedgerEntryKind } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';

export interface DailyRewardBound {
  /** The UTC day (YYYY-MM-DD) the rewarded act happened on. */
  day: string;
  limit: number;
}

/** The key of the day's next free slot, or null when the day's rewards are spent. */
export async function dailyRewardSlot(tx: SqlDriver, userId: string, kind: TLedgerEntryKind, bound: DailyRewardBound): Promise<string | null> {
  const [row] = await tx.query<{ taken: number }>(
    `SELECT count(*)::int AS taken FROM ledger.entries
     WHERE user_id = $1::uuid AND kind = $2 AND idempotency_key LIKE $3 || '#%'`,
    [userId, kind, bound.day],
  );
  const slot = row!.taken + 1;
  return slot <= bound.limit ? `${bound.day}#${slot}` : null;
}
