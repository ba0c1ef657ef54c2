// The social service's refusals; messages are the ones users read.
import { SOCIAL_MESSAGES } from '@civic/contracts';
import { createError } from '@civic/service-kit';

export const UserNotFound = createError('SOCIAL_USER_NOT_FOUND', SOCIAL_MESSAGES.userNotFound, 404);
