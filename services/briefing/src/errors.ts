// The briefing service's refusals; messages are the ones users read (contracts' BRIEFING_MESSAGES).
import { BRIEFING_MESSAGES } from '@civic/contracts';
import { createError } from '@civic/service-kit';

/** A priorityId that names no priority briefing has heard of (spec 5: the picker offers existing ones). */
export const PriorityNotFound = createError('BRIEFING_PRIORITY_NOT_FOUND', BRIEFING_MESSAGES.priorityNotFound, 400);
export const DocumentNotFound = createError('BRIEFING_DOCUMENT_NOT_FOUND', BRIEFING_MESSAGES.documentNotFound, 404);
/** max_briefing_docs_per_user_per_day reached (SECURITY 30); the message names the limit (dailyBriefingLimitMessage). */
export const DailyLimitReached = createError('BRIEFING_DAILY_LIMIT', '%s', 429);
/** The account's list-read budget is spent (BRIEFING_READ_BUDGET); the message says for how long. */
export const ReadBudgetExceeded = createError('BRIEFING_READ_BUDGET_EXCEEDED', '%s', 429);
