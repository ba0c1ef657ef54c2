// The priorities service's refusals; messages are the ones users read (contracts' PRIORITY_MESSAGES).
import { OPEN_DATA_MESSAGES, PRIORITY_MESSAGES } from '@civic/contracts';
import { createError, exposeMessage } from '@civic/service-kit';

export const IssueNotFound = createError('PRIORITIES_ISSUE_NOT_FOUND', PRIORITY_MESSAGES.issueNotFound, 400);
/** GET /api/issues/{id} of an id the catalogue does not hold (a request for a page, not a field of a body: 404). */
export const IssuePageNotFound = createError('PRIORITIES_ISSUE_PAGE_NOT_FOUND', PRIORITY_MESSAGES.issueNotFound, 404);
export const IssuePageCursorUnknown = createError('PRIORITIES_ISSUE_PAGE_CURSOR', PRIORITY_MESSAGES.issuePageCursor, 400);
export const PriorityNotFound = createError('PRIORITIES_PRIORITY_NOT_FOUND', PRIORITY_MESSAGES.priorityNotFound, 404);
export const NoVote = createError('PRIORITIES_NO_VOTE', PRIORITY_MESSAGES.noVote, 404);
/** max_priorities_per_user_per_day reached; the message names the limit (dailyLimitMessage). */
export const DailyLimitReached = createError('PRIORITIES_DAILY_LIMIT', '%s', 429);
/** vote_change_cooldown_hours not over yet; the message says how long (voteCooldownMessage). */
export const VoteCooldown = createError('PRIORITIES_VOTE_COOLDOWN', '%s', 429);
/** The caller's own requests kept changing their vote on one priority while this one was decided (votes/record-vote.ts). */
export const VoteContended = createError('PRIORITIES_VOTE_CONTENDED', 'Your vote changed while it was being recorded. Please try again.', 409);
/**
 * The balance does not cover a purchase (a promotion, a priority's creation cost). 409 as the ledger's
 * refusal (CONVENTIONS); the message is the ledger's, containing "Insufficient" (spec 8's toast).
 */
export const InsufficientPoliticalCapital = createError('PRIORITIES_INSUFFICIENT_POLITICAL_CAPITAL', '%s', 409);
/** The same Idempotency-Key while its first request is still being processed. */
export const PromotionInProgress = createError('PRIORITIES_PROMOTION_IN_PROGRESS', PRIORITY_MESSAGES.promotionInProgress, 409);
/** The same Idempotency-Key for another priority than its first use. */
export const IdempotencyKeyReused = createError('PRIORITIES_IDEMPOTENCY_KEY_REUSED', PRIORITY_MESSAGES.idempotencyKeyReused, 400);
/** A debit whose effect could not follow; the debit is refunded (now, or by the sweeper). Written for users. */
export const PurchaseNotCompleted = exposeMessage(createError('PRIORITIES_PURCHASE_NOT_COMPLETED', PRIORITY_MESSAGES.purchaseNotCompleted, 503));
/** POST /api/priorities: the same Idempotency-Key while its first creation is still being processed. */
export const CreationInProgress = createError('PRIORITIES_CREATION_IN_PROGRESS', PRIORITY_MESSAGES.creationInProgress, 409);
/** POST /api/priorities: the same Idempotency-Key with another title, description or issue. */
export const CreationKeyReused = createError('PRIORITIES_CREATION_KEY_REUSED', PRIORITY_MESSAGES.creationKeyReused, 400);
/** The account spent its budget of expensive list reads for the minute (priorities/read-budget.ts); the message says how long. */
export const ReadBudgetExceeded = createError('PRIORITIES_READ_BUDGET_EXCEEDED', '%s', 429);
/** POST /api/admin/open-data/snapshots while a snapshot is being taken (open-data/take-snapshot.ts). */
export const SnapshotInProgress = createError('PRIORITIES_SNAPSHOT_IN_PROGRESS', OPEN_DATA_MESSAGES.snapshotInProgress, 409);
/** GET /api/open-data/snapshots/{id} of an unknown (or expired) snapshot. */
export const SnapshotNotFound = createError('PRIORITIES_SNAPSHOT_NOT_FOUND', OPEN_DATA_MESSAGES.snapshotNotFound, 404);
export const SnapshotPriorityNotFound = createError('PRIORITIES_SNAPSHOT_PRIORITY_NOT_FOUND', OPEN_DATA_MESSAGES.snapshotPriorityNotFound, 404);
