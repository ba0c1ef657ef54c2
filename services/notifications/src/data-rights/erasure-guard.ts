// Deleted accounts stay deleted in notifications (the kit's erasure guard, services/kit/src/
// data-rights/erasure-guard.ts): every write about a user holds the shared per-user lock and checks
// the tombstone, the erasure takes the lock exclusively, so a write either commits before it (and is
// erased with the rest) or sees the tombstone and records nothing.
import { erasureGuard } from '@civic/service-kit';

/** The advisory lock space of "a notifications user" (two-key form: this class, hashtext(user id)). */
const NOTIFICATIONS_USER_LOCK_CLASS = 0x4e4f5431; // 'NOT1'

export const notificationsErasureGuard = erasureGuard('notifications', NOTIFICATIONS_USER_LOCK_CLASS);
