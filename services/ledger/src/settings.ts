// The platform settings the ledger obeys (spec 9), read at the moment they apply, so an admin's
// change takes effect at once. A value that is not a whole number from 0 to 1,000,000 falls back to
// its default (an entry's amount is a PostgreSQL integer, and no reward is meant to be that large).
import { PLATFORM_SETTING_DEFAULTS, type PlatformSettingKey } from '@civic/contracts';
import type { LedgerContext } from './context.ts';

const MAX_AMOUNT = 1_000_000;

type LedgerSetting = Extract<PlatformSettingKey, 'initial_political_capital' | 'daily_login_bonus' | 'recruit_user_reward'>;

export function settingOf(ctx: Pick<LedgerContext, 'platform'>, key: LedgerSetting): number {
  const value = ctx.platform.settings.getInteger(key);
  if (Number.isSafeInteger(value) && value >= 0 && value <= MAX_AMOUNT) return value;
  return Number(PLATFORM_SETTING_DEFAULTS.find((s) => s.key === key)!.value);
}
