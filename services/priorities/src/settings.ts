// The platform settings this service obeys (spec 9), read at the moment they apply, so an admin's
// change takes effect at once. A value that is not a whole number >= 0 falls back to its default.
import { PLATFORM_SETTING_DEFAULTS, type PlatformSettingKey } from '@civic/contracts';
import type { PrioritiesContext } from './context.ts';

type PrioritiesSetting = Extract<
  PlatformSettingKey,
  | 'max_priorities_per_user_per_day'
  | 'vote_change_cooldown_hours'
  | 'min_endorsements_for_ranking'
  | 'priority_promotion_cost'
  | 'priority_creation_cost'
>;

export function settingOf(ctx: Pick<PrioritiesContext, 'platform'>, key: PrioritiesSetting): number {
  const value = ctx.platform.settings.getInteger(key);
  if (Number.isSafeInteger(value) && value >= 0) return value;
  return Number(PLATFORM_SETTING_DEFAULTS.find((s) => s.key === key)!.value);
}
