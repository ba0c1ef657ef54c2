// A row of account.settings as the code reads it (camelCase fields). SETTINGS_COLUMNS is the SELECT
// (or RETURNING) list that gives this shape.
export interface SettingsRow {
  userId: string;
  /** 'public' or 'private' */
  profileVisibility: string;
  /** 'public' or 'private' */
  activityVisibility: string;
  emailNotifications: boolean;
  activityNotifications: boolean;
  priorityNotifications: boolean;
  /** Raised by every change; civic.account.settings.changed carries it (0 until the first change). */
  version: number;
}

export const SETTINGS_COLUMNS = `user_id::text AS "userId", profile_visibility AS "profileVisibility",
  activity_visibility AS "activityVisibility", email_notifications AS "emailNotifications",
  activity_notifications AS "activityNotifications", priority_notifications AS "priorityNotifications", version`;
