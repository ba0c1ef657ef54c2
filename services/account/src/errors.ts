// The account service's refusals; messages are the ones users read.
import { PROFILE_MESSAGES } from '@civic/contracts';
import { createError } from '@civic/service-kit';

export const UserNotFound = createError('ACCOUNT_USER_NOT_FOUND', PROFILE_MESSAGES.userNotFound, 404);
export const NotProfileOwner = createError('ACCOUNT_NOT_PROFILE_OWNER', PROFILE_MESSAGES.notOwner, 403);
