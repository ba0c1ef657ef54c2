// Requests and answers of the priorities service (spec 2.5–2.7, 2.13, 3 "Priority", "Issue",
// "Stats", 4 "Vote on a priority", 5 "Create priority", 7.3). Ranking: docs/ranking.md.
import { z } from 'zod';
import { omittedWhenAll } from '../shared/omitted-when-all.ts';
import { REMOVAL_REASON_MAX } from '../notifications/messages.ts';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  ISSUE_CATEGORIES,
  PRIORITY_LIMITS as L,
  PRIORITY_LIST_LIMITS,
  PRIORITY_MESSAGES as M,
} from './messages.ts';
import { STATE_TALLY_MIN_VOTERS } from '../account/us-states.ts';
import { ZUsStateCode } from '../account/profile.ts';
import { defineOperation } from '../shared/operation.ts';
import { PRIORITIES_ROUTES } from './routes.ts';

export {
  IDEMPOTENCY_KEY_PATTERN,
  ISSUE_CATEGORIES,
  PRIORITY_LIMITS,
  PRIORITY_LIST_LIMITS,
  PRIORITY_MESSAGES,
  dailyLimitMessage,
  voteCooldownMessage,
} from './messages.ts';

export const ZIssue = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  category: z.enum(ISSUE_CATEGORIES),
});
export type TIssue = z.infer<typeof ZIssue>;

/**
 * An issue as GET /api/issues lists it (the Issues page): its active priorities' count and
 * the first of them in rank order (docs/ranking.md: ranked before unranked), null when it has none.
 */
export const ZIssueSummary = ZIssue.extend({
  priorityCount: z.number().int().nonnegative(),
  topPriority: z.object({ id: z.string().uuid(), title: z.string(), endorsements: z.number().int(), oppositions: z.number().int() }).nullable(),
});
export type TIssueSummary = z.infer<typeof ZIssueSummary>;

export const VOTE_TYPES = ['endorse', 'oppose'] as const;
export const ZVoteType = z.enum(VOTE_TYPES, { error: M.voteType });
export type TVoteType = z.infer<typeof ZVoteType>;

/**
 * The caller's vote. `lastChangedAt`: the caller's last switch or removal of a vote on this priority
 * (null when none): a change is refused until vote_change_cooldown_hours after it, which the card
 * shows before the click (GET /api/platform-settings gives the hours).
 */
export const ZUserVote = z.object({ voteType: ZVoteType, lastChangedAt: z.string().datetime().nullable() });
export type TUserVote = z.infer<typeof ZUserVote>;

export const ZPriority = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  issueId: z.number().int().nullable(),
  createdAt: z.string(),
  /**
   * Names come from the author's profile (null until they set one). After the author deleted their
   * account the priority stays and the author is detached: id null, shown as "Deleted" "user"
   * (docs/protocols/account-data.md).
   */
  author: z.object({ id: z.string().uuid().nullable(), firstName: z.string().nullable(), lastName: z.string().nullable() }),
  endorsements: z.number().int(),
  oppositions: z.number().int(),
  issue: ZIssue.nullable(),
  /** The caller's vote, or null. */
  userVote: ZUserVote.nullable(),
  isActive: z.boolean(),
  /**
   * 1-based position among ranked priorities (docs/ranking.md). Given only in the unfiltered list (no
   * search, no category); null below min_endorsements_for_ranking, in filtered lists and in the answer
   * of a create.
   */
  rank: z.number().int().positive().nullable(),
});
export type TPriority = z.infer<typeof ZPriority>;

/**
 * What POST /api/priorities answers: the priority, and the caller's balance right after its creation
 * cost was debited (null when it cost nothing), so the client shows it without asking auth's copy.
 */
export const ZCreatedPriority = ZPriority.extend({ balance: z.number().int().nonnegative().nullable() });
export type TCreatedPriority = z.infer<typeof ZCreatedPriority>;

/** The largest value of a PostgreSQL integer: ids past it name nothing (and the database would refuse them). */
const SQL_INT_MAX = 2_147_483_647;

/** "none" (the picker's unset choice), empty or absent all mean no issue (spec 5). */
const ZIssueId = z.preprocess(
  (value) => (value === 'none' || value === '' || value === null ? undefined : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  z.number({ error: M.issueNotFound }).int(M.issueNotFound).positive(M.issueNotFound).max(SQL_INT_MAX, M.issueNotFound).optional(),
);

export const ZCreatePriorityRequest = z.strictObject({
  title: z.string({ error: M.titleTooShort }).trim().min(L.titleMin, M.titleTooShort).max(L.titleMax, M.titleTooLong),
  description: z.string({ error: M.descriptionTooShort }).trim().min(L.descriptionMin, M.descriptionTooShort).max(L.descriptionMax, M.descriptionTooLong),
  issueId: ZIssueId,
});
export type TCreatePriorityRequest = z.infer<typeof ZCreatePriorityRequest>;

/** PRIORITY_LIST_LIMITS (messages.ts) says why reads stop at row 1000. */
export const PRIORITY_LIST_DEPTH_MESSAGE = `Only the first ${PRIORITY_LIST_LIMITS.max} priorities can be listed: offset + limit must be at most ${PRIORITY_LIST_LIMITS.max}`;

/** spec 7.3: search, category (omitted when all), limit; the sort is chosen in the browser. */
export const ZPriorityListQuery = z
  .strictObject({
    search: z.string().trim().max(PRIORITY_LIST_LIMITS.searchMax).optional(),
    category: omittedWhenAll(z.enum(ISSUE_CATEGORIES)),
    /**
     * The moderation list: 'true' adds the removed (inactive) priorities, for an
     * administrator only; a citizen's request is answered as if it were absent (citizens never see them).
     */
    includeInactive: z.enum(['true', 'false'], { error: "includeInactive must be 'true' or 'false'" }).optional(),
    /**
     * The agenda by state (docs/ranking.md section 7): the rank among the citizens of this
     * state (a code of US_STATES), answered as a ZStatePriorityList. Not with includeInactive.
     */
    state: ZUsStateCode.optional(),
    limit: z.coerce.number().int().min(1).max(PRIORITY_LIST_LIMITS.max).default(PRIORITY_LIST_LIMITS.default),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(PRIORITY_LIST_LIMITS.max - 1, PRIORITY_LIST_DEPTH_MESSAGE)
      .default(0),
  })
  .refine((query) => query.offset + query.limit <= PRIORITY_LIST_LIMITS.max, { message: PRIORITY_LIST_DEPTH_MESSAGE, path: ['offset'] });
export type TPriorityListQuery = z.infer<typeof ZPriorityListQuery>;

/** An issue's page size (GET /api/issues/{id}); the next page starts after the last priority shown (`after`). */
export const ISSUE_PAGE_LIMITS = { default: 50, max: 100 } as const;

/** GET /api/issues/{id}: its active priorities in rank order, searched like the list, a keyset page at a time. */
export const ZIssuePageQuery = z.strictObject({
  search: z.string().trim().max(PRIORITY_LIST_LIMITS.searchMax).optional(),
  limit: z.coerce.number().int().min(1).max(ISSUE_PAGE_LIMITS.max).default(ISSUE_PAGE_LIMITS.default),
  /** The id of the last priority of the previous page (a priority of this issue). */
  after: z.string().uuid({ error: M.issuePageCursor }).optional(),
});
export type TIssuePageQuery = z.infer<typeof ZIssuePageQuery>;

/** GET /api/issues/{id}: the issue with its count and top priority, and a page of its priorities (no ranks: a filtered list). */
export const ZIssuePage = z.object({ issue: ZIssueSummary, priorities: z.array(ZPriority) });
export type TIssuePage = z.infer<typeof ZIssuePage>;

/** A priority's votes among one state's counted citizens (docs/ranking.md section 7). */
export const ZStateTally = z.object({ endorsements: z.number().int().nonnegative(), oppositions: z.number().int().nonnegative() });
export type TStateTally = z.infer<typeof ZStateTally>;

/**
 * A priority in the agenda by state. `rank` is its state rank (1-based among the priorities with a
 * state tally, unfiltered list only; null otherwise); `endorsements`/`oppositions` stay the national ones.
 */
export const ZStatePriority = ZPriority.extend({
  /** null when fewer than STATE_TALLY_MIN_VOTERS of the state's counted citizens voted on it (k-anonymity). */
  stateTally: ZStateTally.nullable(),
});
export type TStatePriority = z.infer<typeof ZStatePriority>;

/** GET /api/priorities?state=XX: a page of the agenda by state. */
export const ZStatePriorityList = z.object({
  state: ZUsStateCode,
  /** Counted citizens of the state (public profile, state set) with at least one vote on an active priority. */
  votersCounted: z.number().int().nonnegative(),
  /** The k-anonymity threshold: a tally is shown from this many of the state's voters on a priority. */
  minVoters: z.literal(STATE_TALLY_MIN_VOTERS),
  priorities: z.array(ZStatePriority),
});
export type TStatePriorityList = z.infer<typeof ZStatePriorityList>;

export const ZVoteRequest = z.strictObject({ voteType: ZVoteType });

/** DELETE /api/admin/priorities/{id} (spec 7.4: a JSON answer). Removing a removed one answers the same. */
export const ZDeletePriorityResponse = z.object({ message: z.literal('Priority has been deleted'), id: z.string().uuid() });
export type TDeletePriorityResponse = z.infer<typeof ZDeletePriorityResponse>;

/**
 * The optional body of DELETE /api/admin/priorities/{id}: the reason the author's removal
 * notice quotes. The spec's client sends no body; then the notice gives DEFAULT_REMOVAL_REASON.
 */
export const ZDeletePriorityRequest = z
  .object({ reason: z.string().trim().max(REMOVAL_REASON_MAX, `reason must be at most ${REMOVAL_REASON_MAX} characters`).optional() })
  .optional();
export type TDeletePriorityRequest = z.infer<typeof ZDeletePriorityRequest>;

/** What a vote or its removal answers: the priority's counts after it, and the caller's vote. */
export const ZVoteResult = z.object({
  priorityId: z.string().uuid(),
  endorsements: z.number().int(),
  oppositions: z.number().int(),
  userVote: ZUserVote.nullable(),
});
export type TVoteResult = z.infer<typeof ZVoteResult>;

/**
 * POST /api/priorities/{id}/promote and POST /api/priorities may carry `Idempotency-Key` (SECURITY
 * 17): the same key from the same user promotes (creates) and debits once, and a repetition answers
 * what the first request answered. Without it, every request is one of its own.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const ZIdempotencyKeyHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, { error: M.idempotencyKey, abort: true })
    .regex(IDEMPOTENCY_KEY_PATTERN, M.idempotencyKey)
    .optional(),
});

/**
 * What a promotion answers (the client reads only the status: spec 8's toasts). Every field is fixed
 * when the promotion is applied, so a repetition with the same Idempotency-Key answers exactly this.
 */
export const ZPromotionResult = z.object({
  promotionId: z.string().uuid(),
  priorityId: z.string().uuid(),
  /** PC charged: priority_promotion_cost when the promotion was bought. */
  cost: z.number().int().nonnegative(),
  /** The priority's promotion boost right after this promotion was applied (docs/ranking.md). */
  promotionBoost: z.number().int().nonnegative(),
  /** The caller's balance right after the debit; null when the promotion cost nothing (cost 0). */
  balance: z.number().int().nonnegative().nullable(),
});
export type TPromotionResult = z.infer<typeof ZPromotionResult>;

export const ZStats = z.object({
  totalIssues: z.number().int(),
  totalPriorities: z.number().int(),
  activeCitizens: z.number().int(),
  briefingDocs: z.number().int(),
});
export type TStats = z.infer<typeof ZStats>;

/**
 * One Server-Sent Event of /api/priorities/stream (event name `tally`): a priority's standing changed:
 * its counts (a vote), or its promotion boost (a promotion, or the boost's decay).
 */
export const ZPriorityTallyEvent = z.object({
  priorityId: z.string().uuid(),
  endorsements: z.number().int(),
  oppositions: z.number().int(),
  promotionBoost: z.number().int(),
  /** When the change that caused it was committed. */
  at: z.string(),
});
export type TPriorityTallyEvent = z.infer<typeof ZPriorityTallyEvent>;

/** One Server-Sent Event of /api/priorities/stream (event name `created`): a priority was created. */
export const ZPriorityCreatedStreamEvent = z.object({
  priorityId: z.string().uuid(),
  title: z.string(),
  createdAt: z.string(),
});
export type TPriorityCreatedStreamEvent = z.infer<typeof ZPriorityCreatedStreamEvent>;

/**
 * GET /api/priorities/stream (text/event-stream, signed-in users only; not in PRIORITIES_OPERATIONS
 * because its answer is not JSON): `tally` and `created` events, and a comment line every ~15 s so
 * proxies keep it open. The gateway's route table declares it a stream route.
 */
export { PRIORITY_STREAM_PATH } from './routes.ts';
export const PRIORITY_STREAM_EVENTS = { tally: 'tally', created: 'created' } as const;

export const PRIORITIES_OPERATIONS = {
  listIssues: defineOperation({
    ...PRIORITIES_ROUTES.listIssues,
    owner: 'priorities',
    auth: 'user',
    errors: [401],
    summary:
      "The catalogue of national issues, each with its active priorities' count and its top priority in rank order (null when none); kept up to a second per instance",
    response: z.array(ZIssueSummary),
  }),
  getIssue: defineOperation({
    ...PRIORITIES_ROUTES.getIssue,
    owner: 'priorities',
    auth: 'user',
    errors: [400, 401, 404, 429],
    summary:
      "An issue's page (issue 38): the issue with its count and top priority, and its active priorities in rank order with the caller's votes, searched by title and description; `after` (the last priority's id) gives the next page. 404: no such issue.",
    query: ZIssuePageQuery,
    response: ZIssuePage,
  }),
  listPriorities: defineOperation({
    ...PRIORITIES_ROUTES.listPriorities,
    owner: 'priorities',
    auth: 'user',
    errors: [400, 401],
    summary:
      "Priorities in rank order (docs/ranking.md), filtered by search and category. With `state`, the agenda by state (docs/ranking.md section 7): an object with the state rank, each priority's state tally (null under 10 voters of the state) and the number of voters counted",
    query: ZPriorityListQuery,
    response: z.union([z.array(ZPriority), ZStatePriorityList]),
  }),
  createPriority: defineOperation({
    ...PRIORITIES_ROUTES.createPriority,
    owner: 'priorities',
    auth: 'active-user',
    errors: [400, 401, 403, 409, 429, 503],
    summary:
      'Create a priority (spec 5 rules; max_priorities_per_user_per_day). When priority_creation_cost > 0 it is charged: 409 with "Insufficient" in the message when the balance is short; 503 when the ledger did not answer (nothing is charged). Optional Idempotency-Key (charged or free): the same key creates (and debits) once and a repetition answers the first answer; 409 while the first is still under way; 400 when the key was used with another title, description or issue.',
    headers: ZIdempotencyKeyHeaders,
    body: ZCreatePriorityRequest,
    response: ZCreatedPriority,
  }),
  vote: defineOperation({
    ...PRIORITIES_ROUTES.vote,
    owner: 'priorities',
    auth: 'active-user',
    errors: [400, 401, 403, 404, 429],
    summary: 'Endorse or oppose (a switch replaces the vote; vote_change_cooldown_hours)',
    body: ZVoteRequest,
    response: ZVoteResult,
  }),
  removeVote: defineOperation({
    ...PRIORITIES_ROUTES.removeVote,
    owner: 'priorities',
    auth: 'active-user',
    errors: [401, 403, 404, 429],
    summary: "Remove the caller's vote",
    response: ZVoteResult,
  }),
  promote: defineOperation({
    ...PRIORITIES_ROUTES.promote,
    owner: 'priorities',
    auth: 'active-user',
    errors: [400, 401, 403, 404, 409, 503],
    summary:
      'Promote a priority for priority_promotion_cost PC (a decaying boost, docs/ranking.md). Optional Idempotency-Key: the same key debits once and answers the same. 409: not enough political capital (the message contains "Insufficient"), or the same key still in progress. 503: the ledger did not answer; nothing is charged.',
    headers: ZIdempotencyKeyHeaders,
    response: ZPromotionResult,
  }),
  stats: defineOperation({
    ...PRIORITIES_ROUTES.stats,
    owner: 'priorities',
    auth: 'user',
    errors: [401],
    summary: 'Platform totals for the dashboard tiles',
    response: ZStats,
  }),
  deletePriority: defineOperation({
    ...PRIORITIES_ROUTES.deletePriority,
    owner: 'priorities',
    auth: 'admin',
    errors: [401, 403, 404],
    summary:
      'Remove a priority (administrators only): a soft delete. It leaves every citizen list, the ranking, the live stream and the counts at once; the moderation list shows it Inactive; votes and ledger entries stay. Audited as delete_priority.',
    body: ZDeletePriorityRequest,
    response: ZDeletePriorityResponse,
  }),
};
