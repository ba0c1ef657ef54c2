// A profile's read and write address from contracts; also its query key (spec 7.1: the key is the path).
import { ACCOUNT_ROUTES } from '@civic/contracts/account/routes';
import { operationPath } from '@civic/contracts/shared/route';

export const profilePath = (userId: string) => operationPath(ACCOUNT_ROUTES.getProfile, { id: userId });
