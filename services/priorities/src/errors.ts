// The priorities service's refusals; messages are the ones users read (contracts' PRIORITY_MESSAGES).
import { PRIORITY_MESSAGES } from '@civic/contracts';
import { createError } from '@civic/service-kit/http/errors';

export const IssueNotFound = createError('PRIORITIES_ISSUE_NOT_FOUND', PRIORITY_MESSAGES.issueNotFound, 400);
export const PriorityNotFound = createError('PRIORITIES_PRIORITY_NOT_FOUND', PRIORITY_MESSAGES.priorityNotFound, 404);
export const NoVote = createError('PRIORITIES_NO_VOTE', PRIORITY_MESSAGES.noVote, 404);
/** max_priorities_per_user_per_day reached; the message names the limit (dailyLimitMessage). */
export const DailyLimitReached = createError('PRIORITIES_DAILY_LIMIT', '%s', 429);
/** vote_change_cooldown_hours not over yet; the message says how long (voteCooldownMessage). */
export const VoteCooldown = createError('PRIORITIES_VOTE_COOLDOWN', '%s', 429);
/** The caller's account was deleted (a session that raced the deletion): nothing is recorded for it. */
export const AccountDeleted = createError('PRIORITIES_ACCOUNT_DELETED', 'Unauthorized', 401);
/** The caller's own requests kept changing their vote on one priority while this one was decided (votes/record-vote.ts). */
export const VoteContended = createError('PRIORITIES_VOTE_CONTENDED', 'Your vote changed while it was being recorded. Please try again.', 409);
