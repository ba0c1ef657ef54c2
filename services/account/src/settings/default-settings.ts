// Spec 3 "Settings": both visibilities public, every notification on.
import type { TSettings } from '@civic/contracts';

export const DEFAULT_SETTINGS: TSettings = {
  profileVisibility: 'public',
  activityVisibility: 'public',
  emailNotifications: true,
  activityNotifications: true,
  priorityNotifications: true,
};
