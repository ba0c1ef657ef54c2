// Serialises a user's writes with the erasure of their account (the kit's erasure guard,
// services/kit/src/data-rights/erasure-guard.ts). A document's creation holds the shared per-user
// lock for its transaction and checks the tombstone; the erasure takes the lock exclusively. So a
// creation either commits before the erasure starts (and is erased with the rest) or sees the
// tombstone and records nothing (docs/protocols/account-data.md).
import { erasureGuard } from '@civic/service-kit';

/** The advisory lock space of "a briefing user" (two-key form: this class, hashtext(user id)). */
const BRIEFING_USER_LOCK_CLASS = 0x42524631; // 'BRF1'

export const briefingErasureGuard = erasureGuard('briefing', BRIEFING_USER_LOCK_CLASS);
