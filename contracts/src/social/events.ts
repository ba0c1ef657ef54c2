// Events the social service publishes, each enqueued in the transaction of the change it reports.
import { z } from 'zod';
import { defineEvent } from '../shared/define-event.ts';

/**
 * A citizen recruited by another joined (spec 1 "recruit", 9 "recruit a citizen +10"): the recruiter
 * earns `recruit_user_reward`. Social publishes it once per recruited account, when that account is
 * created; which joins count (e.g. never one's own account, never the same person twice after a
 * deletion) is social's rule, and the ledger credits each event once.
 */
export const RecruitJoined = defineEvent(
  'civic.social.recruit.joined',
  1,
  z.object({
    /** The citizen who recruited and earns the reward. */
    recruiterId: z.string().uuid(),
    /** The citizen who joined. */
    recruitedUserId: z.string().uuid(),
    /** When the recruited account was created (ISO 8601). */
    joinedAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A follow edge was made (`following: true`) or cut (`following: false`, also when a block or an
 * erasure cuts it). Published only when the edge really changed: following twice publishes once.
 * Consumers that only need the counts read `CountsChanged` instead.
 */
export const FollowChanged = defineEvent(
  'civic.social.follow.changed',
  1,
  z.object({
    followerId: z.string().uuid(),
    followeeId: z.string().uuid(),
    following: z.boolean(),
    /** When the change was committed (ISO 8601). */
    changedAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A user's network counts after a change (spec 3 User followers/following/recruited). Events of one
 * user can arrive out of order (redeliveries, parallel consumers), so consumers keep the counts of the
 * highest `version` they have seen: the user's sequence number in social, one more for each change of
 * that user's counts or blocks (as the ledger's BalanceChanged does).
 */
export const CountsChanged = defineEvent(
  'civic.social.counts.changed',
  1,
  z.object({
    userId: z.string().uuid(),
    followers: z.number().int().nonnegative(),
    following: z.number().int().nonnegative(),
    recruited: z.number().int().nonnegative(),
    version: z.number().int().positive(),
    changedAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * `blockerId` blocked (`blocked: true`) or unblocked `blockedId` (spec 4 "Block"). `version` is the
 * blocker's sequence number as in CountsChanged: a consumer keeps, per pair, the state of the highest
 * version seen, so a late redelivery of an older block cannot undo a newer unblock.
 */
export const BlockChanged = defineEvent(
  'civic.social.block.changed',
  1,
  z.object({
    blockerId: z.string().uuid(),
    blockedId: z.string().uuid(),
    blocked: z.boolean(),
    version: z.number().int().positive(),
    changedAt: z.iso.datetime({ offset: true }),
  }),
);

export const SOCIAL_EVENTS = [RecruitJoined, FollowChanged, CountsChanged, BlockChanged] as const;
