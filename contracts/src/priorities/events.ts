// Events the priorities service publishes, each enqueued in the transaction of the change it reports.
import { z } from 'zod';
import { ZHex32 } from '../shared/open-data/hex.ts';
import { REMOVAL_REASON_MAX } from '../notifications/messages.ts';
import { ZAdminOrigin } from '../shared/admin-origin.ts';
import { defineEvent } from '../shared/define-event.ts';

/** A user created a priority (spec 2.13). */
export const PriorityCreated = defineEvent(
  'civic.priorities.priority.created',
  1,
  z.object({
    priorityId: z.string().uuid(),
    authorId: z.string().uuid(),
    title: z.string(),
    /** When the priority was created (ISO 8601). */
    createdAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A user endorsed or opposed a priority: a first vote or a switch to the other vote (spec 4 "Vote on
 * a priority"). Removing a vote is a different event. The title travels along so consumers can
 * describe the vote without keeping a copy of every priority.
 */
export const VoteCast = defineEvent(
  'civic.priorities.vote.cast',
  1,
  z.object({
    priorityId: z.string().uuid(),
    userId: z.string().uuid(),
    voteType: z.enum(['endorse', 'oppose']),
    priorityTitle: z.string(),
    /** When the vote was recorded (ISO 8601). */
    castAt: z.iso.datetime({ offset: true }),
  }),
);

/** A user removed their vote on a priority (spec 4: pressing the button of the current vote). */
export const VoteRemoved = defineEvent(
  'civic.priorities.vote.removed',
  1,
  z.object({
    priorityId: z.string().uuid(),
    userId: z.string().uuid(),
    /** The vote that was removed. */
    voteType: z.enum(['endorse', 'oppose']),
    /** When the removal was committed (ISO 8601). */
    removedAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A user's promotion of a priority was applied (spec 4 "Promote"): paid for, and the boost added
 * (docs/ranking.md). Written in the transaction that applies it; a refunded promotion has no event.
 */
export const PriorityPromoted = defineEvent(
  'civic.priorities.priority.promoted',
  1,
  z.object({
    promotionId: z.string().uuid(),
    priorityId: z.string().uuid(),
    userId: z.string().uuid(),
    /** PC it cost (priority_promotion_cost at the time). */
    cost: z.number().int().nonnegative(),
    /** When it was applied (ISO 8601). */
    promotedAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * The promotion boosts of these priorities decayed (docs/ranking.md, the decay job): their scores, so
 * their ranks, changed without a vote. Every replica drops its top list and tells its streams.
 */
export const PromotionBoostsDecayed = defineEvent(
  'civic.priorities.boosts.decayed',
  1,
  z.object({
    priorityIds: z.array(z.string().uuid()).min(1),
    /** The time the boosts were computed for (ISO 8601). */
    decayedAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * An administrator removed a priority (DELETE /api/admin/priorities/{id}): a soft delete. It
 * leaves every citizen list, the ranking, the live stream and the counts; its votes and ledger entries
 * stay for the record. The admin service turns it into the delete_priority audit entry.
 */
export const PriorityRemoved = defineEvent(
  'civic.priorities.priority.removed',
  1,
  z.object({
    priorityId: z.string().uuid(),
    /** null when the author's account was erased before the removal (the priority stays, detached). */
    authorId: z.string().uuid().nullable(),
    title: z.string(),
    adminId: z.string().uuid(),
    /** What the administrator wrote as the reason (the author's removal notice quotes it). */
    reason: z.string().max(REMOVAL_REASON_MAX).optional(),
    removedAt: z.iso.datetime({ offset: true }),
    /** The administrator's request (absent in events published before it was added). */
    origin: ZAdminOrigin.optional(),
  }),
);

/**
 * A priority entered the top 10 of the ranking for the first time (its author is told).
 * Published once per priority, by the priorities service's job that compares the top 10 with the
 * priorities that were ever in it; leaving and re-entering publishes nothing.
 */
export const PriorityEnteredTopTen = defineEvent(
  'civic.priorities.priority.entered_top_ten',
  1,
  z.object({
    priorityId: z.string().uuid(),
    /** null when the author's account was erased (nobody to tell). */
    authorId: z.string().uuid().nullable(),
    title: z.string(),
    /** Its rank (1-10) when the job saw it. */
    rank: z.number().int().min(1).max(10),
    enteredAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * An open-data snapshot was published (docs/open-data.md). One taken at an administrator's
 * request (`requestedBy`) becomes the take_open_data_snapshot audit entry in the admin service.
 */
export const OpenDataSnapshotTaken = defineEvent(
  'civic.priorities.open_data.snapshot_taken',
  1,
  z.object({
    snapshotId: z.string().uuid(),
    trigger: z.enum(['schedule', 'admin']),
    /** The administrator who asked; null for the schedule. */
    requestedBy: z.string().uuid().nullable(),
    root: ZHex32,
    treeSize: z.number().int().nonnegative(),
    priorityCount: z.number().int().nonnegative(),
    takenAt: z.iso.datetime({ offset: true }),
    /** The administrator's request; absent for the schedule (and events published before it was added). */
    origin: ZAdminOrigin.optional(),
  }),
);

export const PRIORITIES_EVENTS = [
  OpenDataSnapshotTaken,
  PriorityEnteredTopTen,
  PriorityCreated,
  PriorityRemoved,
  VoteCast,
  VoteRemoved,
  PriorityPromoted,
  PromotionBoostsDecayed,
] as const;
