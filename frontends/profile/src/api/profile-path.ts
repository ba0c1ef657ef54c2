// A profile's read and write address from contracts; also its query key (spec 7.1: the key is the path).
import { ACCOUNT_OPERATIONS } from '@civic/contracts/http/account';
import { operationPath } from '@civic/contracts/http/operation';

export const profilePath = (userId: string) => operationPath(ACCOUNT_OPERATIONS.getProfile, { id: userId });
