// Events the account service publishes.
import { z } from 'zod';
import { ZPublicProfileFields } from '../profile.ts';
import { defineEvent } from './define-event.ts';

/** The public profile fields after an edit; other services keep author names and avatars from it. */
export const ProfileUpdated = defineEvent(
  'civic.account.profile.updated',
  1,
  ZPublicProfileFields.extend({
    userId: z.string().uuid(),
    /** When the edit was committed: consumers ignore an update older than the one they hold. */
    updatedAt: z.string(),
  }),
);

export const ACCOUNT_EVENTS = [ProfileUpdated] as const;
