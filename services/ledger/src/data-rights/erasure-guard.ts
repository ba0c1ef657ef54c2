// Serialises every write to a user's account with the erasure of that account (the kit's erasure
// guard, services/kit/src/data-rights/erasure-guard.ts): a posting holds the shared per-user lock
// for its transaction and then checks the tombstone; the erasure takes the lock exclusively. So a
// posting either commits before the erasure starts (and is erased with the rest) or sees the
// tombstone and records nothing: a credit event or a debit that raced the deletion cannot leave an
// account behind.
import { erasureGuard } from '@civic/service-kit';

/**
 * The advisory lock space of "a ledger account" (two-key form: this class, hashtext(user id)). The
 * id is cast to uuid first, so every spelling of it hashes alike, as it does in ledger.post_debit.
 */
const ACCOUNT_LOCK_CLASS = 0x4c454431; // 'LED1'

export const ledgerErasureGuard = erasureGuard('ledger', ACCOUNT_LOCK_CLASS);
