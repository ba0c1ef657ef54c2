// Events the account service publishes.
import { z } from 'zod';
import { ZProfileState, ZPublicProfileFields } from './profile.ts';
import { VISIBILITIES } from './user-settings.ts';
import { defineEvent } from '../shared/define-event.ts';

/** The public profile fields after an edit; other services keep author names and avatars from it. */
export const ProfileUpdated = defineEvent(
  'civic.account.profile.updated',
  1,
  ZPublicProfileFields.extend({
    userId: z.string().uuid(),
    /** When the edit was committed: consumers ignore an update older than the one they hold. */
    updatedAt: z.string(),
    /**
     * The citizen's state, null when not shared. Absent in events from before it existed:
     * read as null (nobody had one then), so the field is an addition, not a new version.
     */
    state: ZProfileState.optional(),
  }),
);

/**
 * A user changed a privacy setting. Also sent, unchanged, when a profile edit sets a state (issue
 * 23): priorities began keeping the profile visibility then, and must know it before the state counts. Services that show the user's activity or profile to others keep
 * the visibility from this (social hides private activity from others' views and feeds).
 */
export const PrivacyChanged = defineEvent(
  'civic.account.privacy.changed',
  1,
  z.object({
    userId: z.string().uuid(),
    profileVisibility: z.enum(VISIBILITIES),
    activityVisibility: z.enum(VISIBILITIES),
    /** When the change was committed: consumers ignore a change older than the one they hold. */
    changedAt: z.string(),
  }),
);

/**
 * A user's notification switches after a change, or after an unsubscribe link turned one
 * off. `version` grows with every change of the user's settings: the notifications service keeps the
 * highest it has seen, so a redelivered older event cannot turn a switch back on.
 */
export const SettingsChanged = defineEvent(
  'civic.account.settings.changed',
  1,
  z.object({
    userId: z.string().uuid(),
    emailNotifications: z.boolean(),
    activityNotifications: z.boolean(),
    priorityNotifications: z.boolean(),
    version: z.number().int().positive(),
    changedAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * An account was deleted (docs/protocols/account-data.md "Erasure"). Every service holding data about
 * the user erases it, or pseudonymises what must stay (audit entries), when this arrives.
 */
export const UserDeleted = defineEvent(
  'civic.account.user.deleted',
  1,
  z.object({
    userId: z.string().uuid(),
    deletedAt: z.string(),
  }),
);

export const ACCOUNT_EVENTS = [ProfileUpdated, PrivacyChanged, SettingsChanged, UserDeleted] as const;
