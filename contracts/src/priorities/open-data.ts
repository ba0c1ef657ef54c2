// The open agenda (docs/open-data.md): published snapshots of the ranking with one Merkle
// leaf per counted vote, and the receipt that lets a voter check their vote is one of them. The tree
// and the leaf: contracts/src/shared/open-data/merkle.ts. Every hash and nonce is lowercase hex.
import { z } from 'zod';
import { ISSUE_CATEGORIES } from './messages.ts';
import { ZHex32 } from '../shared/open-data/hex.ts';
import { defineOperation } from '../shared/operation.ts';
import { ZVoteType } from './http.ts';
import { OPEN_DATA_ROUTES } from './open-data-routes.ts';

export { OPEN_DATA_ROUTES } from './open-data-routes.ts';

export { ZHex32 } from '../shared/open-data/hex.ts';

/** What a snapshot was taken for: the schedule (OPEN_DATA_SNAPSHOT_MS) or an administrator. */
export const SNAPSHOT_TRIGGERS = ['schedule', 'admin'] as const;

/**
 * The order of a snapshot's leaves in its tree. 'priority,type,leaf' (every snapshot since the type was
 * bound): by priority id (lowercase UUID text), then type (endorse before oppose), then leaf bytes, so a
 * priority's endorse and oppose leaves are two ranges and a leaf's index says which tally counts it.
 * 'priority,leaf': the first snapshots, by priority id, then leaf bytes; their root does not bind types.
 */
export const SNAPSHOT_LEAF_ORDERS = ['priority,type,leaf', 'priority,leaf'] as const;
export type SnapshotLeafOrder = (typeof SNAPSHOT_LEAF_ORDERS)[number];
export { PRIORITY_LEAF_ORDER_ENDED, leafOrderAccepted } from '../shared/open-data/leaf-order.ts';

export const ZSnapshotSummary = z.object({
  id: z.string().uuid(),
  takenAt: z.string(),
  trigger: z.enum(SNAPSHOT_TRIGGERS),
  /** The Merkle tree's root over every counted vote's leaf (RFC 6962). */
  root: ZHex32,
  /** Leaves in the tree: the counted votes. */
  treeSize: z.number().int().nonnegative(),
  priorityCount: z.number().int().nonnegative(),
  endorsements: z.number().int().nonnegative(),
  oppositions: z.number().int().nonnegative(),
  leafOrder: z.enum(SNAPSHOT_LEAF_ORDERS),
});
export type TSnapshotSummary = z.infer<typeof ZSnapshotSummary>;

export const OPEN_DATA_LIST_LIMITS = { default: 50, max: 200 } as const;

export const ZSnapshotListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(OPEN_DATA_LIST_LIMITS.max).default(OPEN_DATA_LIST_LIMITS.default),
  /** Snapshots taken before this instant (ISO 8601): the next page starts at the last one's takenAt. */
  before: z.iso
    .datetime({ offset: true, error: 'before must be an ISO 8601 date and time' })
    // PostgreSQL has no year 0 (zod's pattern allows it): years 1 to 9999 only.
    .refine((value) => /^(?!0000)\d{4}-/.test(value), 'before must be an ISO 8601 date and time')
    .optional(),
});

export const ZSnapshotList = z.object({
  /** Newest first. */
  snapshots: z.array(ZSnapshotSummary),
  /** When the schedule takes the next one. */
  nextSnapshotAt: z.string(),
});
export type TSnapshotList = z.infer<typeof ZSnapshotList>;

/** One priority of a snapshot's ranked list, in list order (docs/ranking.md at the snapshot's instant). */
export const ZSnapshotPriority = z.object({
  /** 1-based rank among ranked priorities; null below minEndorsementsForRanking. */
  rank: z.number().int().positive().nullable(),
  id: z.string().uuid(),
  title: z.string(),
  issueId: z.number().int().nullable(),
  category: z.enum(ISSUE_CATEGORIES).nullable(),
  endorsements: z.number().int().nonnegative(),
  oppositions: z.number().int().nonnegative(),
  promotionBoost: z.number().int().nonnegative(),
  score: z.number().int(),
  createdAt: z.string(),
  /**
   * The index of the priority's first leaf in the tree: its endorse leaves are [firstLeaf, firstLeaf +
   * endorsements), its oppose leaves the next `oppositions` ('priority,type,leaf'). A priority without
   * votes has the index its first leaf would have.
   */
  firstLeaf: z.number().int().nonnegative(),
});
export type TSnapshotPriority = z.infer<typeof ZSnapshotPriority>;

/** A priority's counted votes as leaves, by vote type, each list in leaf order. */
export const ZSnapshotLeaves = z.object({
  priorityId: z.string().uuid(),
  endorse: z.array(ZHex32),
  oppose: z.array(ZHex32),
});
export type TSnapshotLeaves = z.infer<typeof ZSnapshotLeaves>;

/**
 * GET /api/open-data/snapshots/{id}: everything needed to recompute the ranking and the root. The
 * tree's leaves are every entry of `leaves` in `leafOrder`; `leaves` lists the priorities in that order
 * (those without votes are left out).
 */
export const ZSnapshot = ZSnapshotSummary.extend({
  rankingVersion: z.number().int().positive(),
  minEndorsementsForRanking: z.number().int().nonnegative(),
  /** How a leaf is made, for readers: SHA-256(receiptNonce ‖ priorityId ‖ voteType). */
  leafFormula: z.string(),
  priorities: z.array(ZSnapshotPriority),
  leaves: z.array(ZSnapshotLeaves),
});
export type TSnapshot = z.infer<typeof ZSnapshot>;

export const SNAPSHOT_FORMATS = ['json', 'csv'] as const;
export const ZSnapshotQuery = z.strictObject({
  format: z.enum(SNAPSHOT_FORMATS, { error: "format must be 'json' or 'csv'" }).default('json'),
});

/** The columns of `?format=csv`: the ranked list, one priority per line, in list order. */
export const SNAPSHOT_CSV_COLUMNS = [
  'rank',
  'id',
  'title',
  'issueId',
  'category',
  'endorsements',
  'oppositions',
  'promotionBoost',
  'score',
  'createdAt',
  'firstLeaf',
] as const satisfies readonly (keyof TSnapshotPriority)[];

/**
 * GET /api/priorities/{id}/vote/receipt, the voter only. `counted`: the latest snapshot holds the
 * vote's leaf, with the RFC 6962 audit path from it to the snapshot's root (nearest sibling first).
 * `pending`: the vote is newer than the latest snapshot (or there is none yet).
 */
/** What both answers say of the caller's vote: the leaf a snapshot holds (or will hold) for it. */
const ZReceiptVote = z.object({
  priorityId: z.string().uuid(),
  voteType: ZVoteType,
  votedAt: z.string(),
  receiptNonce: ZHex32,
  leaf: ZHex32,
});

export const ZVoteReceipt = z.discriminatedUnion('status', [
  ZReceiptVote.extend({
    status: z.literal('counted'),
    snapshotId: z.string().uuid(),
    takenAt: z.string(),
    root: ZHex32,
    leafIndex: z.number().int().nonnegative(),
    treeSize: z.number().int().positive(),
    auditPath: z.array(ZHex32),
  }),
  ZReceiptVote.extend({
    status: z.literal('pending'),
    /** The latest snapshot's time, null when none was taken yet. */
    lastSnapshotAt: z.string().nullable(),
    /** When the schedule takes the next one. */
    nextSnapshotAt: z.string(),
  }),
]);
export type TVoteReceipt = z.infer<typeof ZVoteReceipt>;

export const ZTakeSnapshotResponse = ZSnapshotSummary;

export const OPEN_DATA_MESSAGES = {
  snapshotNotFound: 'Snapshot not found',
  snapshotPriorityNotFound: 'This snapshot does not list that priority',
  snapshotInProgress: 'A snapshot is being taken; try again in a moment',
  rangeNotSatisfiable: 'The requested range is outside this document',
  documentPending: "This snapshot's download is being prepared; try again in a few minutes",
} as const;

export const OPEN_DATA_OPERATIONS = {
  listSnapshots: defineOperation({
    ...OPEN_DATA_ROUTES.listSnapshots,
    owner: 'priorities',
    auth: 'none',
    errors: [400],
    summary: 'Published snapshots of the ranking, newest first (open data: no sign-in)',
    query: ZSnapshotListQuery,
    response: ZSnapshotList,
  }),
  getSnapshot: defineOperation({
    ...OPEN_DATA_ROUTES.getSnapshot,
    owner: 'priorities',
    auth: 'none',
    errors: [400, 404, 416, 503],
    summary:
      'One snapshot: the ranked list and every counted vote as a leaf (JSON), or the ranked list as CSV (?format=csv). Written once when the snapshot was taken and served from storage: strong ETag (If-None-Match: 304), one byte range (206; 416 past the end), gzip or br by Accept-Encoding. Immutable, so cached for a year.',
    query: ZSnapshotQuery,
    response: ZSnapshot,
  }),
  getSnapshotPriority: defineOperation({
    ...OPEN_DATA_ROUTES.getSnapshotPriority,
    owner: 'priorities',
    auth: 'none',
    errors: [404],
    summary:
      "One priority's line of a snapshot's ranked list, with its range of leaves (firstLeaf): what \"Verify my vote\" checks a receipt's leaf index against. Immutable, so cached for a year.",
    response: ZSnapshotPriority,
  }),
  takeSnapshot: defineOperation({
    ...OPEN_DATA_ROUTES.takeSnapshot,
    owner: 'priorities',
    auth: 'admin',
    errors: [401, 403, 409],
    summary: 'Take a snapshot now (administrators only; audited as take_open_data_snapshot). 409 while another is being taken.',
    response: ZTakeSnapshotResponse,
  }),
  voteReceipt: defineOperation({
    ...OPEN_DATA_ROUTES.voteReceipt,
    owner: 'priorities',
    auth: 'user',
    errors: [401, 404],
    summary:
      "The caller's receipt for their vote on a priority: the leaf, its nonce and the audit path to the latest snapshot's root, or when the next snapshot is due. 404 when the caller has no vote on it.",
    response: ZVoteReceipt,
  }),
};
