// The notification mail switches (spec 3 "Settings (per user)") and what the notifications service
// says about them. emailNotifications is the master switch: off means no notification
// mail at all (sign-in mail and moderation notices are not notifications and are always sent).
export const NOTIFICATION_SWITCHES = ['emailNotifications', 'activityNotifications', 'priorityNotifications'] as const;
export type TNotificationSwitch = (typeof NOTIFICATION_SWITCHES)[number];

/** How a mail and the unsubscribe page name each switch (as /settings labels them). */
export const NOTIFICATION_SWITCH_LABELS: Record<TNotificationSwitch, string> = {
  emailNotifications: 'all notification',
  activityNotifications: 'activity notification',
  priorityNotifications: 'priority notification',
};

/**
 * What a notification is about. Priority notifications: a vote on your priority, it entered the top
 * 10, someone promoted it. Activity notifications: a new follower, a new priority or briefing document
 * of someone you follow, a recruit joined. A removal by moderation is a notice, not a notification.
 */
export const NOTIFICATION_KINDS = [
  'endorsed',
  'opposed',
  'entered_top_ten',
  'promoted',
  'followed',
  'followee_priority',
  'followee_document',
  'recruit_joined',
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The switch (besides the master) that governs each kind. */
export const NOTIFICATION_KIND_SWITCH: Record<TNotificationKind, Exclude<TNotificationSwitch, 'emailNotifications'>> = {
  endorsed: 'priorityNotifications',
  opposed: 'priorityNotifications',
  entered_top_ten: 'priorityNotifications',
  promoted: 'priorityNotifications',
  followed: 'activityNotifications',
  followee_priority: 'activityNotifications',
  followee_document: 'activityNotifications',
  recruit_joined: 'activityNotifications',
};

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is not valid.',
  used: 'This unsubscribe link has already been used.',
  expired: 'This unsubscribe link has expired. You can choose which e-mails you get in Settings.',
  /** {label} is NOTIFICATION_SWITCH_LABELS of the switch turned off. */
  done: 'You will no longer receive {label} e-mails. You can turn them back on in Settings.',
  confirm: 'Stop receiving {label} e-mails from Civic Agenda?',
} as const;

/** The reason a removal notice gives when the administrator wrote none. */
export const DEFAULT_REMOVAL_REASON = 'It was found to break the platform’s content rules.';
export const REMOVAL_REASON_MAX = 500;
