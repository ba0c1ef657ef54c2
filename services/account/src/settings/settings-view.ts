// The settings of spec 3 from a stored row.
import type { TSettings } from '@civic/contracts';
import type { SettingsRow } from './settings-row.ts';

export function toSettingsView(row: SettingsRow): TSettings {
  return {
    profileVisibility: row.profileVisibility as TSettings['profileVisibility'],
    activityVisibility: row.activityVisibility as TSettings['activityVisibility'],
    emailNotifications: row.emailNotifications,
    activityNotifications: row.activityNotifications,
    priorityNotifications: row.priorityNotifications,
  };
}
