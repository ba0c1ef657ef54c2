// The social service's refusals; messages are the ones users read.
import { NETWORK_MESSAGES, SOCIAL_MESSAGES } from '@civic/contracts';
import { createError } from '@civic/service-kit';

export const UserNotFound = createError('SOCIAL_USER_NOT_FOUND', SOCIAL_MESSAGES.userNotFound, 404);
export const NetworkUserNotFound = createError('SOCIAL_NETWORK_USER_NOT_FOUND', NETWORK_MESSAGES.userNotFound, 404);
export const FollowSelf = createError('SOCIAL_FOLLOW_SELF', NETWORK_MESSAGES.followSelf, 400);
export const BlockSelf = createError('SOCIAL_BLOCK_SELF', NETWORK_MESSAGES.blockSelf, 400);
export const FollowBlocked = createError('SOCIAL_FOLLOW_BLOCKED', NETWORK_MESSAGES.followBlocked, 409);
export const ListPrivate = createError('SOCIAL_LIST_PRIVATE', NETWORK_MESSAGES.listPrivate, 403);
