// priorities' erasure guard (services/kit/src/data-rights/erasure-guard.ts): a session that raced the
// account's deletion cannot leave a vote or a priority behind (docs/protocols/account-data.md).
import { erasureGuard } from '@civic/service-kit';

/**
 * The advisory lock space of "a priorities user" (two-key form: this class, hashtext(user id)).
 * The SQL functions apply_vote, apply_votes and apply_promotion take the same lock with this number (1347569969)
 * written out.
 */
const USER_LOCK_CLASS = 0x50524931; // 'PRI1'

export const prioritiesErasureGuard = erasureGuard('priorities', USER_LOCK_CLASS);
