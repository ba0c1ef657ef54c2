// Platform setting keys and their defaults (spec 9). Values are strings, as the admin screen edits them.
export type SettingCategory = 'registration' | 'political_capital' | 'voting' | 'moderation';

export interface PlatformSettingDefault {
  key: string;
  value: string;
  category: SettingCategory;
  description: string;
}

export const PLATFORM_SETTING_DEFAULTS = [
  { key: 'registration_enabled', value: 'true', category: 'registration', description: 'Allow new citizens to create accounts' },
  { key: 'registration_approval_required', value: 'false', category: 'registration', description: "New accounts need an administrator's approval" },
  { key: 'initial_political_capital', value: '10', category: 'registration', description: 'Political capital a new account starts with' },
  { key: 'daily_login_bonus', value: '1', category: 'political_capital', description: 'Political capital earned by the first sign-in of each day' },
  { key: 'priority_creation_cost', value: '0', category: 'political_capital', description: 'Political capital charged to create a priority' },
  { key: 'priority_promotion_cost', value: '50', category: 'political_capital', description: 'Political capital charged to promote a priority' },
  { key: 'recruit_user_reward', value: '10', category: 'political_capital', description: 'Political capital earned when a recruited citizen joins' },
  {
    key: 'briefing_rewards_per_day',
    value: '5',
    category: 'political_capital',
    description: "Briefing documents of a citizen's day that earn political capital",
  },
  { key: 'min_endorsements_for_ranking', value: '5', category: 'voting', description: 'Endorsements a priority needs before it is ranked' },
  { key: 'vote_change_cooldown_hours', value: '24', category: 'voting', description: 'Hours before a vote on one priority may be changed again' },
  { key: 'max_priorities_per_user_per_day', value: '5', category: 'moderation', description: 'Priorities one citizen may create per day' },
  { key: 'max_briefing_docs_per_user_per_day', value: '10', category: 'moderation', description: 'Briefing documents one citizen may create per day' },
  { key: 'auto_ban_threshold', value: '10', category: 'moderation', description: 'Reports before an automatic ban' },
  { key: 'content_moderation_enabled', value: 'true', category: 'moderation', description: 'Citizens may report priorities and briefing documents for review' },
] as const satisfies readonly PlatformSettingDefault[];

export type PlatformSettingKey = (typeof PLATFORM_SETTING_DEFAULTS)[number]['key'];

/**
 * What the server accepts for each key: booleans are `true` or `false`; numbers are whole
 * numbers written in digits, within a bound per key. Amounts of political capital stop at 1,000,000
 * (the ledger's and priorities' own ceiling, an entry's amount is a PostgreSQL integer); the daily
 * priority and briefing document limits and the auto-ban threshold start at 1 (0 would stop every creation, ban at once).
 */
export type PlatformSettingRule = { kind: 'boolean' } | { kind: 'integer'; min: number; max: number };

export const PLATFORM_SETTING_RULES: Record<PlatformSettingKey, PlatformSettingRule> = {
  registration_enabled: { kind: 'boolean' },
  registration_approval_required: { kind: 'boolean' },
  initial_political_capital: { kind: 'integer', min: 0, max: 1_000_000 },
  daily_login_bonus: { kind: 'integer', min: 0, max: 1_000_000 },
  priority_creation_cost: { kind: 'integer', min: 0, max: 1_000_000 },
  priority_promotion_cost: { kind: 'integer', min: 0, max: 1_000_000 },
  recruit_user_reward: { kind: 'integer', min: 0, max: 1_000_000 },
  briefing_rewards_per_day: { kind: 'integer', min: 0, max: 10_000 },
  min_endorsements_for_ranking: { kind: 'integer', min: 0, max: 1_000_000 },
  vote_change_cooldown_hours: { kind: 'integer', min: 0, max: 8_760 },
  max_priorities_per_user_per_day: { kind: 'integer', min: 1, max: 10_000 },
  max_briefing_docs_per_user_per_day: { kind: 'integer', min: 1, max: 10_000 },
  auto_ban_threshold: { kind: 'integer', min: 1, max: 10_000 },
  content_moderation_enabled: { kind: 'boolean' },
};

export const PLATFORM_SETTING_KEYS = PLATFORM_SETTING_DEFAULTS.map((s) => s.key) as PlatformSettingKey[];

export function isPlatformSettingKey(key: string): key is PlatformSettingKey {
  return Object.hasOwn(PLATFORM_SETTING_RULES, key);
}

/** The message naming the rule a value breaks (400), or null when the value is acceptable. */
export function settingValueProblem(key: string, value: string): string | null {
  if (!isPlatformSettingKey(key)) return `Unknown setting: ${key}`;
  const rule = PLATFORM_SETTING_RULES[key];
  if (rule.kind === 'boolean') return value === 'true' || value === 'false' ? null : `${key} must be true or false`;
  const message = `${key} must be a whole number from ${rule.min} to ${rule.max}`;
  // Digits only (no sign, no exponent, no blanks), and short enough to be exact.
  if (!/^[0-9]{1,16}$/.test(value)) return message;
  const number = Number(value);
  return number >= rule.min && number <= rule.max ? null : message;
}

/** The citizen-visible numbers (GET /api/platform-settings): the texts that quote amounts read these. */
export const CITIZEN_VISIBLE_SETTINGS = [
  'daily_login_bonus',
  'recruit_user_reward',
  'priority_promotion_cost',
  'priority_creation_cost',
  // The priority card says when a vote may change again.
  'vote_change_cooldown_hours',
] as const satisfies readonly PlatformSettingKey[];
export type CitizenVisibleSetting = (typeof CITIZEN_VISIBLE_SETTINGS)[number];

/** The citizen-visible switches (GET /api/platform-settings): content_moderation_enabled shows or hides the Report action. */
export const CITIZEN_VISIBLE_FLAGS = ['content_moderation_enabled'] as const satisfies readonly PlatformSettingKey[];
export type CitizenVisibleFlag = (typeof CITIZEN_VISIBLE_FLAGS)[number];
