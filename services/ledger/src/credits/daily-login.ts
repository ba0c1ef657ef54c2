// POST /api/daily-login (spec 2.5, 9): daily_login_bonus at most once per user and UTC day, under the
// account lock (and a unique index besides). It pays what the account owes first (accounts/owed.ts).
// The dashboard asks on every load, so a plain read first answers the days already paid, without a
// transaction: a bonus, once written, is never taken back.
import { LEDGER_DESCRIPTIONS, type TDailyLoginResponse } from '@civic/contracts';
import { AccountDeleted } from '@civic/service-kit';
import { appendEntry } from '../accounts/append-entry.ts';
import { lockAccount } from '../accounts/lock-account.ts';
import { repayOwed } from '../accounts/owed.ts';
import type { LedgerContext } from '../context.ts';
import { findKeyedEntry } from '../accounts/find-keyed-entry.ts';
import { utcDayOf } from '../domain/utc-day.ts';
import { amountSettingOf } from '../settings.ts';

/** Today's bonus already written (or none to give): the answer, from committed data; else null. */
async function alreadyClaimed(ctx: LedgerContext, userId: string, day: string, amount: number): Promise<TDailyLoginResponse | null> {
  const [account] = await ctx.db.query<{ balance: number; claimed: boolean }>(
    `SELECT a.balance,
            EXISTS (SELECT 1 FROM ledger.entries e WHERE e.user_id = a.user_id AND e.kind = 'daily_login' AND e.idempotency_key = $2::text) AS claimed
     FROM ledger.accounts a WHERE a.user_id = $1::uuid`,
    [userId, day],
    'ledger_daily_login_claimed',
  );
  // No account yet (or an erased one): the locked path opens it, or refuses.
  if (!account || !(account.claimed || amount === 0)) return null;
  return { credited: false, amount: 0, balance: Number(account.balance) };
}

export async function claimDailyLogin(ctx: LedgerContext, userId: string): Promise<TDailyLoginResponse> {
  const answered = await alreadyClaimed(ctx, userId, utcDayOf(ctx.platform.clock.now()), amountSettingOf(ctx, 'daily_login_bonus'));
  if (answered) return answered;
  return ctx.db.transaction(async (tx): Promise<TDailyLoginResponse> => {
    const now = ctx.platform.clock.now();
    const account = await lockAccount(tx, userId, now);
    if (!account) throw new AccountDeleted();
    const day = utcDayOf(now);
    const amount = amountSettingOf(ctx, 'daily_login_bonus');
    if (amount === 0 || (await findKeyedEntry(tx, userId, 'daily_login', day))) return { credited: false, amount: 0, balance: account.balance };
    const entry = await appendEntry(tx, account, {
      amount,
      kind: 'daily_login',
      description: LEDGER_DESCRIPTIONS.daily_login,
      idempotencyKey: day,
      at: now,
    });
    // What reversed rewards still owe comes out of the bonus first (SECURITY 30).
    await repayOwed(tx, account, entry, now);
    return { credited: true, amount, balance: account.balance };
  });
}
