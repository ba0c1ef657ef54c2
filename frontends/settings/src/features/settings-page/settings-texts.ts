// Settings texts: spec 2.11, 8 verbatim.
import type { ACCOUNT_DELETION_MESSAGES, TDeleteAccountRequest } from '@civic/contracts';
import { ACCOUNT_ROUTES } from '@civic/contracts/account/routes';
import { SOCIAL_ROUTES } from '@civic/contracts/social/routes';

// The addresses this area calls, from contracts.
export const SETTINGS_PATH = ACCOUNT_ROUTES.getSettings.path;
export const ACCOUNT_STATS_PATH = ACCOUNT_ROUTES.accountStats.path;
export const ACCOUNT_EXPORT_PATH = ACCOUNT_ROUTES.exportAccount.path;
export const ACCOUNT_PATH = ACCOUNT_ROUTES.deleteAccount.path;
export const CLEAR_ACTIVITIES_PATH = SOCIAL_ROUTES.clearActivities.path;
export const BLOCKED_USERS_HREF = '/network?tab=blocked';

export const SETTINGS_TOASTS = {
  updated: 'Settings Updated',
  failedTitle: 'Update Failed',
  failedDescription: 'Failed to update settings. Please try again.',
} as const;

export const EXPORT_TOASTS = {
  exported: 'Data Exported',
  exportedDescription: 'Your data has been downloaded.',
  failedTitle: 'Export Failed',
  failedDescription: 'Failed to export your data. Please try again.',
} as const;

/** The downloaded file: civic-agenda-data-2026-11-22T03-04-05-123Z.json (spec 7.3: with a timestamp). */
export const EXPORT_FILE_PREFIX = 'civic-agenda-data-';

export const CLEAR_ACTIVITY_TOASTS = {
  cleared: 'Activity Cleared',
  clearedDescription: 'Your activity history has been cleared.',
  failedTitle: 'Clear Failed',
  failedDescription: 'Failed to clear activity history. Please try again.',
} as const;

/** The word to type (spec 5 "Account deletion"); the contracts' request type checks it. */
export const DELETE_CONFIRMATION_WORD: TDeleteAccountRequest['confirmation'] = 'DELETE';

/** Spec 4: the home page is loaded this long after a deletion, so the toast can be read. */
export const ACCOUNT_DELETED_REDIRECT_MS = 2000;

export const DELETION_TOASTS = {
  deleted: 'Account Deleted',
  deletedDescription: 'Your account has been permanently deleted.',
  failedTitle: 'Deletion Failed',
  // Typed as the contracts' literal: the server answers a wrong confirmation with this same text.
  failedDescription: "Failed to delete account. Please ensure you typed 'DELETE' correctly." satisfies (typeof ACCOUNT_DELETION_MESSAGES)['confirmation'],
} as const;
