// Requests and answers of the social service, activities slice (spec 2.5 Recent Activity, 2.9
// Network Activity, 2.10 a profile's recent activity, 2.11 clear activity history, 3 "Activity").
// Activities are recorded from other services' events (priority created, vote cast, briefing
// document created; follows when the follow slice lands), never written through HTTP.
//
// Privacy: an activity of a user whose activityVisibility is 'private' is shown to that user only;
// it appears in nobody else's profile view or network feed.
import { z } from 'zod';
import { defineOperation } from '../shared/operation.ts';
import { SOCIAL_ROUTES } from './routes.ts';

/** spec 3 "Activity" types. */
export const ACTIVITY_TYPES = ['create_priority', 'endorse', 'oppose', 'create_briefing', 'follow'] as const;
export type TActivityType = (typeof ACTIVITY_TYPES)[number];

/** spec 9: the dashboard asks for 10, the network card for 20. */
export const ACTIVITY_LIST_LIMITS = { default: 10, max: 50 } as const;

export const SOCIAL_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${ACTIVITY_LIST_LIMITS.max}`,
  network: "network must be 'true' or 'false'",
  userNotFound: 'User not found',
  activityCleared: 'Activity history cleared',
} as const;

/** Who did it: what a feed entry shows of its author (spec 2.5, 2.9). Names are null until set. */
export const ZActivityUser = z.object({
  id: z.string().uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

export const ZActivity = z.object({
  id: z.string().uuid(),
  type: z.enum(ACTIVITY_TYPES),
  /** Written for people: `Created priority "<title>"`, `Endorsed "<title>"`, `Opposed "<title>"`, `Created briefing document "<title>"`. */
  description: z.string(),
  /** When the act happened (the producer's time, not when social heard of it). */
  createdAt: z.string(),
  user: ZActivityUser,
});
export type TActivity = z.infer<typeof ZActivity>;

/** Query values arrive as text; `limit=abc`, `limit=0` or `limit=51` is a 400. */
const ZLimit = z.coerce
  .number({ error: SOCIAL_MESSAGES.limit })
  .int(SOCIAL_MESSAGES.limit)
  .min(1, SOCIAL_MESSAGES.limit)
  .max(ACTIVITY_LIST_LIMITS.max, SOCIAL_MESSAGES.limit)
  .default(ACTIVITY_LIST_LIMITS.default);

/** GET /api/activities: `?limit=10` (own) and `?network=true&limit=20` (network) per spec 7.3. */
export const ZActivityFeedQuery = z.strictObject({
  limit: ZLimit,
  network: z.enum(['true', 'false'], { error: SOCIAL_MESSAGES.network }).optional(),
});
export type TActivityFeedQuery = z.infer<typeof ZActivityFeedQuery>;

export const ZUserActivitiesQuery = z.strictObject({ limit: ZLimit });

/**
 * A user's activities as the caller may see them (spec 2.10). When the user keeps their activity
 * private and the caller is someone else, `activities` is empty and `isPrivate` is true, so the
 * profile page can say so rather than show "no activity"; the owner always sees their own, with
 * `isPrivate: false` (like ZProfile's isPrivate). When either one blocked the other, `activities` is
 * empty too and `hiddenBecause` is 'blocked'. An id no user has answers an empty, public list:
 * the profile call is what says "User not found".
 */
export const ZUserActivities = z.object({
  activities: z.array(ZActivity),
  isPrivate: z.boolean(),
  /**
   * Why `activities` is empty for this viewer whatever the user did: 'private' (as isPrivate),
   * 'blocked' (either one blocked the other, spec 2.10: each one's activity is hidden from the
   * other, with a notice), or null when nothing is hidden. A block wins over privacy.
   */
  hiddenBecause: z.enum(['private', 'blocked']).nullable(),
});
export type TUserActivities = z.infer<typeof ZUserActivities>;

export const ZClearActivitiesResponse = z.object({
  message: z.literal(SOCIAL_MESSAGES.activityCleared),
  /** How many of the caller's activities were deleted. */
  cleared: z.number().int().nonnegative(),
});
export type TClearActivitiesResponse = z.infer<typeof ZClearActivitiesResponse>;

export const SOCIAL_OPERATIONS = {
  listActivities: defineOperation({
    ...SOCIAL_ROUTES.listActivities,
    owner: 'social',
    auth: 'user',
    errors: [400, 401],
    summary:
      "Newest first. Without network (or network=false): the caller's own activities. With network=true: the public " +
      "activities of the users the caller follows, never of someone blocked either way. Private activity never appears in another user's feed.",
    query: ZActivityFeedQuery,
    response: z.array(ZActivity),
  }),
  listUserActivities: defineOperation({
    ...SOCIAL_ROUTES.listUserActivities,
    owner: 'social',
    auth: 'user',
    errors: [400, 401, 404],
    summary:
      "A user's activities, newest first; a private activity list shows others nothing (isPrivate: true, hiddenBecause: 'private'), " +
      "nor does a block either way (hiddenBecause: 'blocked')",
    query: ZUserActivitiesQuery,
    response: ZUserActivities,
  }),
  clearActivities: defineOperation({
    ...SOCIAL_ROUTES.clearActivities,
    owner: 'social',
    auth: 'user',
    errors: [401],
    summary: "Delete all of the caller's activities (spec 2.11 Data & Storage)",
    response: ZClearActivitiesResponse,
  }),
};
