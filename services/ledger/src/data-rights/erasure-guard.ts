// The ledger's erasure guard (services/kit/src/data-rights/erasure-guard.ts): a credit event or a
// debit that raced the account's deletion cannot leave an account behind.
import { erasureGuard } from '@civic/service-kit';

/**
 * The advisory lock space of "a ledger account" (two-key form: this class, hashtext(user id)). The
 * id is cast to uuid first, so every spelling of it hashes alike, as it does in ledger.post_debit.
 */
const ACCOUNT_LOCK_CLASS = 0x4c454431; // 'LED1'

export const ledgerErasureGuard = erasureGuard('ledger', ACCOUNT_LOCK_CLASS);
