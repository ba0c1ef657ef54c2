// A profile's read and write address from contracts; also its query key (spec 7.1: the key is the path).
import { ACCOUNT_ROUTES } from '@civic/contracts/account/routes';
import { operationPath } from '@civic/contracts/shared/route';
import { NETWORK_ROUTES } from '@civic/contracts/social/routes';

export const profilePath = (userId: string) => operationPath(ACCOUNT_ROUTES.getProfile, { id: userId });

/** The citizen's follow counts and the viewer's relation to them, from social (their owner). */
export const standingPath = (userId: string) => operationPath(NETWORK_ROUTES.standing, { id: userId });
