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
  { key: 'min_endorsements_for_ranking', value: '5', category: 'voting', description: 'Endorsements a priority needs before it is ranked' },
  { key: 'vote_change_cooldown_hours', value: '24', category: 'voting', description: 'Hours before a vote on one priority may be changed again' },
  { key: 'max_priorities_per_user_per_day', value: '5', category: 'moderation', description: 'Priorities one citizen may create per day' },
  { key: 'auto_ban_threshold', value: '10', category: 'moderation', description: 'Reports before an automatic ban' },
  { key: 'content_moderation_enabled', value: 'true', category: 'moderation', description: 'Review new content before it is published' },
] as const satisfies readonly PlatformSettingDefault[];

export type PlatformSettingKey = (typeof PLATFORM_SETTING_DEFAULTS)[number]['key'];
