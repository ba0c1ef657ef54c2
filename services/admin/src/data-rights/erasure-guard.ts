// Serialises an administrator's writes with the erasure of their account (the kit's erasure guard,
// services/kit/src/data-rights/erasure-guard.ts): an action either commits before the erasure starts
// (and its entry is pseudonymised with the rest) or sees the tombstone and records nothing.
import { erasureGuard } from '@civic/service-kit';

/** The advisory lock space of "an admin-service user" (two-key form: this class, hashtext(user id)). */
const ADMIN_USER_LOCK_CLASS = 0x41444d31; // 'ADM1'

export const adminErasureGuard = erasureGuard('admin', ADMIN_USER_LOCK_CLASS);
