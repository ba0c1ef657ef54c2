// Settings texts: spec 2.11, 8 verbatim.
export const SETTINGS_PATH = '/api/settings';
export const ACCOUNT_STATS_PATH = '/api/account/stats';
export const BLOCKED_USERS_HREF = '/network?tab=blocked';

export const SETTINGS_TOASTS = {
  updated: 'Settings Updated',
  failedTitle: 'Update Failed',
  failedDescription: 'Failed to update settings. Please try again.',
} as const;
