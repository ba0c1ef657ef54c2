// Claw-back (SECURITY 30, docs/ledger.md "Claw-back"): when an administrator removes a priority or
// deletes a briefing document, the reward its creation earned is taken back on the author's locked
// account: as much as the balance holds, the rest owed from the next earnings (accounts/owed.ts).
// The reward_reversals primary key makes a second reversal impossible, whatever the inbox remembers.
import { LEDGER_DESCRIPTIONS } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { appendEntry } from '../accounts/append-entry.ts';
import { lockAccount } from '../accounts/lock-account.ts';
import { moveOwed } from '../accounts/owed.ts';
import type { LedgerContext } from '../context.ts';

export interface ContentRemoval {
  /** null when the author's account was erased before the removal: nothing is left to reverse. */
  authorId: string | null;
  kind: 'priority_created' | 'briefing_created';
  /** The priority's or document's id, as its reward's reference. */
  contentId: string;
  eventId: string;
}

export async function reverseReward(ctx: LedgerContext, tx: SqlDriver, removal: ContentRemoval): Promise<void> {
  if (!removal.authorId) return;
  const at = ctx.platform.clock.now();
  const userId = removal.authorId.toLowerCase();
  const account = await lockAccount(tx, userId, at);
  if (!account) return;
  const [reward] = await tx.query<{ id: string; amount: number }>(
    'SELECT id, amount FROM ledger.entries WHERE user_id = $1::uuid AND kind = $2 AND reference = $3',
    [userId, removal.kind, removal.contentId.toLowerCase()],
  );
  if (!reward) return;
  const taken = Math.min(reward.amount, account.balance);
  const owed = reward.amount - taken;
  const recorded = await tx.query<unknown>(
    `INSERT INTO ledger.reward_reversals (rewarded_entry_id, user_id, reward, taken, owed, event_id, reversed_at)
     VALUES ($1::uuid, $2::uuid, $3::int, $4::int, $5::int, $6::uuid, $7::timestamptz)
     ON CONFLICT (rewarded_entry_id) DO NOTHING RETURNING 1`,
    [reward.id, userId, reward.amount, taken, owed, removal.eventId, at.toISOString()],
  );
  if (recorded.length === 0) return;
  if (taken > 0) {
    await appendEntry(tx, account, {
      amount: -taken,
      kind: 'reward_reversed',
      description: LEDGER_DESCRIPTIONS.reward_reversed[removal.kind],
      idempotencyKey: reward.id,
      reference: removal.contentId.toLowerCase(),
      at,
    });
  }
  if (owed > 0) await moveOwed(tx, account, owed);
}
