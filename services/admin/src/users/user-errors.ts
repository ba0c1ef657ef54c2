// The user actions' refusals (messages from contracts' ADMIN_MESSAGES, or auth's own for a refusal
// it decided).
import { ADMIN_MESSAGES } from '@civic/contracts';
import { createError } from '@civic/service-kit';

export const UserNotFound = createError('ADMIN_USER_NOT_FOUND', ADMIN_MESSAGES.userNotFound, 404);
export const UserActionRefused = createError('ADMIN_USER_ACTION_REFUSED', '%s', 400);
export const UserActionForbidden = createError('ADMIN_USER_ACTION_FORBIDDEN', '%s', 403);
