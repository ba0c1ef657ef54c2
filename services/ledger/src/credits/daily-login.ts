// POST /api/daily-login (spec 2.5, 9): daily_login_bonus at most once per user and UTC day. The
// account lock makes concurrent calls of one user take turns; the first finds no entry keyed with
// today's date and writes it, the others find it (and the unique (user, kind, key) index would refuse
// a second one anyway). A bonus of 0 (the setting) credits nothing.
import { LEDGER_DESCRIPTIONS, type TDailyLoginResponse } from '@civic/contracts';
import { appendEntry } from '../accounts/append-entry.ts';
import { lockAccount } from '../accounts/lock-account.ts';
import type { LedgerContext } from '../context.ts';
import { ACCOUNT_TRANSACTION } from '../db.ts';
import { AccountErased } from '../errors.ts';
import { publishCommitted } from '../events.ts';
import { findKeyedEntry } from '../accounts/find-keyed-entry.ts';
import { utcDayOf } from '../domain/utc-day.ts';
import { settingOf } from '../settings.ts';

export async function claimDailyLogin(ctx: LedgerContext, userId: string): Promise<TDailyLoginResponse> {
  const reply = await ctx.db.$transaction(async (tx): Promise<TDailyLoginResponse> => {
    const now = ctx.platform.clock.now();
    const account = await lockAccount(tx, userId, now);
    if (!account) throw new AccountErased();
    const day = utcDayOf(now);
    const amount = settingOf(ctx, 'daily_login_bonus');
    if (amount === 0 || (await findKeyedEntry(tx, userId, 'daily_login', day))) return { credited: false, amount: 0, balance: account.balance };
    const entry = await appendEntry(tx, account, {
      amount,
      kind: 'daily_login',
      description: LEDGER_DESCRIPTIONS.daily_login,
      idempotencyKey: day,
      at: now,
    });
    return { credited: true, amount, balance: entry.balance };
  }, ACCOUNT_TRANSACTION);
  if (reply.credited) publishCommitted(ctx);
  return reply;
}
