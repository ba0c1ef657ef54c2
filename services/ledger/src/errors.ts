// The ledger service's refusals; messages are the ones users read.
import { createError } from '@civic/service-kit';

/** The caller's account was erased (a session that raced the deletion): nothing is recorded for it. */
export const AccountErased = createError('LEDGER_ACCOUNT_ERASED', 'Unauthorized', 401);
