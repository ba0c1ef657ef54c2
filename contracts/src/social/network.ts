// Requests and answers of the citizen network (spec 2.9 Network, 2.10 profile follow/block controls,
// 4 "Follow" and "Block", 7.3): follow edges, blocks and the network growth card, owned by social;
// the Discover search, owned by account (it holds names and profile visibility).
import { z } from 'zod';
import { defineOperation } from '../shared/operation.ts';
import { ACCOUNT_ROUTES } from '../account/routes.ts';
import { NETWORK_ROUTES } from './routes.ts';

export const NETWORK_MESSAGES = {
  userNotFound: 'User not found',
  followSelf: 'You cannot follow yourself',
  blockSelf: 'You cannot block yourself',
  /** Following someone who blocked you, or someone you blocked, is refused (409). */
  followBlocked: 'You cannot follow this citizen',
  limit: `limit must be a whole number from 1 to 100`,
  offset: 'offset must be a whole number from 0',
  search: 'Search must be from 2 to 100 characters',
  ids: 'ids must be 1 to 100 user ids separated by commas',
  listPrivate: "This citizen's network is private",
  followed: 'Followed',
  unfollowed: 'Unfollowed',
  blocked: 'Blocked',
  unblocked: 'Unblocked',
} as const;

/** Lists page at 50 by default; the Network page's tabs read the first 50 and offer more. */
export const NETWORK_LIST_LIMITS = { default: 50, max: 100 } as const;

/** A citizen in a network list (spec 2.9): who they are and whether the viewer follows them (Follow Back). */
export const ZNetworkUser = z.object({
  id: z.string().uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** The viewer follows this citizen. */
  isFollowing: z.boolean(),
});
export type TNetworkUser = z.infer<typeof ZNetworkUser>;

/** A blocked citizen (the Blocked Users dialog and `/network?tab=blocked`). */
export const ZBlockedUser = z.object({
  id: z.string().uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type TBlockedUser = z.infer<typeof ZBlockedUser>;

const ZLimit = z.coerce
  .number({ error: NETWORK_MESSAGES.limit })
  .int(NETWORK_MESSAGES.limit)
  .min(1, NETWORK_MESSAGES.limit)
  .max(NETWORK_LIST_LIMITS.max, NETWORK_MESSAGES.limit)
  .default(NETWORK_LIST_LIMITS.default);
const ZOffset = z.coerce.number({ error: NETWORK_MESSAGES.offset }).int(NETWORK_MESSAGES.offset).min(0, NETWORK_MESSAGES.offset).default(0);

export const ZNetworkListQuery = z.strictObject({ limit: ZLimit, offset: ZOffset });
export type TNetworkListQuery = z.infer<typeof ZNetworkListQuery>;

export const ZCitizenSearchQuery = z.strictObject({
  q: z.string({ error: NETWORK_MESSAGES.search }).trim().min(2, NETWORK_MESSAGES.search).max(100, NETWORK_MESSAGES.search),
  limit: ZLimit,
});
export type TCitizenSearchQuery = z.infer<typeof ZCitizenSearchQuery>;

/** A Discover result: a citizen with a public profile (private profiles are never found by name). */
export const ZCitizenSearchResult = z.object({
  id: z.string().uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  location: z.string().nullable(),
  occupation: z.string().nullable(),
});
export type TCitizenSearchResult = z.infer<typeof ZCitizenSearchResult>;

/**
 * 1 to 100 user ids (any case) separated by commas. Anchored, and the repeated group starts with the
 * comma, so matching is linear; the length check first keeps an oversized input from the pattern.
 */
const USER_ID_LIST_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}){0,99}$/i;
const USER_ID_LIST_MAX_LENGTH = NETWORK_LIST_LIMITS.max * 37 - 1;

/**
 * Discover's follow marks: `ids` are the citizens a page shows (comma-separated, at most a list's
 * page), so each shown row is marked right however many people the caller follows.
 */
export const ZFollowingAmongQuery = z.strictObject({
  ids: z
    .string({ error: NETWORK_MESSAGES.ids })
    .max(USER_ID_LIST_MAX_LENGTH, { error: NETWORK_MESSAGES.ids, abort: true })
    .regex(USER_ID_LIST_PATTERN, NETWORK_MESSAGES.ids),
});
export type TFollowingAmongQuery = z.infer<typeof ZFollowingAmongQuery>;

/** The answer of a follow or block change: the state after it and the counts the page shows. */
export const ZFollowResponse = z.object({
  message: z.enum([NETWORK_MESSAGES.followed, NETWORK_MESSAGES.unfollowed]),
  isFollowing: z.boolean(),
  /** The followed citizen's followers after the change. */
  followers: z.number().int().nonnegative(),
  /** The caller's following after the change. */
  following: z.number().int().nonnegative(),
});
export type TFollowResponse = z.infer<typeof ZFollowResponse>;

export const ZBlockResponse = z.object({
  message: z.enum([NETWORK_MESSAGES.blocked, NETWORK_MESSAGES.unblocked]),
  isBlocked: z.boolean(),
  /** The caller's counts after the change (a block cuts follow edges both ways). */
  followers: z.number().int().nonnegative(),
  following: z.number().int().nonnegative(),
});
export type TBlockResponse = z.infer<typeof ZBlockResponse>;

/** Network Growth (spec 2.9): new followers of the caller in the last 7 and 30 days, computed. */
export const ZNetworkGrowth = z.object({
  thisWeek: z.number().int().nonnegative(),
  thisMonth: z.number().int().nonnegative(),
});
export type TNetworkGrowth = z.infer<typeof ZNetworkGrowth>;

export const NETWORK_OPERATIONS = {
  follow: defineOperation({
    ...NETWORK_ROUTES.follow,
    owner: 'social',
    auth: 'active-user',
    errors: [400, 401, 403, 404, 409],
    summary: 'Follow a citizen (idempotent: following twice is one edge). Self: 400; unknown or deleted: 404; blocked either way: 409.',
    response: ZFollowResponse,
  }),
  unfollow: defineOperation({
    ...NETWORK_ROUTES.unfollow,
    owner: 'social',
    auth: 'user',
    errors: [400, 401, 404],
    summary: 'Stop following a citizen (idempotent)',
    response: ZFollowResponse,
  }),
  listFollowers: defineOperation({
    ...NETWORK_ROUTES.listFollowers,
    owner: 'social',
    auth: 'user',
    errors: [400, 401, 403, 404],
    summary: "A citizen's followers, newest first, each with whether the viewer follows them. A private profile's lists: owner only (403).",
    query: ZNetworkListQuery,
    response: z.array(ZNetworkUser),
  }),
  listFollowing: defineOperation({
    ...NETWORK_ROUTES.listFollowing,
    owner: 'social',
    auth: 'user',
    errors: [400, 401, 403, 404],
    summary: "The citizens someone follows, newest first. A private profile's lists: owner only (403).",
    query: ZNetworkListQuery,
    response: z.array(ZNetworkUser),
  }),
  block: defineOperation({
    ...NETWORK_ROUTES.block,
    owner: 'social',
    auth: 'user',
    errors: [400, 401, 404],
    summary: 'Block a citizen (idempotent): cuts the follow edges both ways and hides each one’s activity from the other',
    response: ZBlockResponse,
  }),
  unblock: defineOperation({
    ...NETWORK_ROUTES.unblock,
    owner: 'social',
    auth: 'user',
    errors: [400, 401, 404],
    summary: 'Unblock a citizen (idempotent; follow edges cut by the block stay cut)',
    response: ZBlockResponse,
  }),
  listBlocked: defineOperation({
    ...NETWORK_ROUTES.listBlocked,
    owner: 'social',
    auth: 'user',
    errors: [400, 401],
    summary: 'The citizens the caller blocked, newest first',
    query: ZNetworkListQuery,
    response: z.array(ZBlockedUser),
  }),
  networkGrowth: defineOperation({
    ...NETWORK_ROUTES.networkGrowth,
    owner: 'social',
    auth: 'user',
    errors: [401],
    summary: 'New followers of the caller in the last 7 and 30 days (the Network Growth card)',
    response: ZNetworkGrowth,
  }),
  followingAmong: defineOperation({
    ...NETWORK_ROUTES.followingAmong,
    owner: 'social',
    auth: 'user',
    errors: [400, 401],
    summary: 'Which of the given citizens (ids, up to 100) the caller follows: the follow marks of the rows a page shows (Discover)',
    query: ZFollowingAmongQuery,
    response: z.array(z.string().uuid()),
  }),
};

/** Discover's search, served by account (names and visibility live there). */
export const DISCOVER_OPERATIONS = {
  searchCitizens: defineOperation({
    ...ACCOUNT_ROUTES.searchCitizens,
    owner: 'account',
    auth: 'user',
    errors: [400, 401],
    summary: 'Discover: citizens with public profiles whose name matches q, excluding the caller and anyone blocked either way',
    query: ZCitizenSearchQuery,
    response: z.array(ZCitizenSearchResult),
  }),
};
