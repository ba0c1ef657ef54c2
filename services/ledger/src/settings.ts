// The platform settings the ledger obeys (spec 9), read through the kit's settingOf. An amount is
// bounded: a value that is not a whole number from 0 to 1,000,000 falls back to its default (an
// entry's amount is a PostgreSQL integer, and no reward is meant to be that large).
import type { PlatformSettingKey } from '@civic/contracts';
import { settingOf } from '@civic/service-kit';
import type { LedgerContext } from './context.ts';

const MAX_AMOUNT = 1_000_000;

type LedgerSetting = Extract<PlatformSettingKey, 'initial_political_capital' | 'daily_login_bonus' | 'recruit_user_reward'>;

/** The amount a ledger setting grants now. */
export function amountSettingOf(ctx: Pick<LedgerContext, 'platform'>, key: LedgerSetting): number {
  return settingOf(ctx, key, { max: MAX_AMOUNT });
}

/** briefing_rewards_per_day (SECURITY 30): how many documents of a citizen's UTC day earn their reward. */
export function briefingRewardsPerDay(ctx: Pick<LedgerContext, 'platform'>): number {
  return settingOf(ctx, 'briefing_rewards_per_day', { max: 10_000 });
}
