// Deleted accounts stay deleted in social (the kit's erasure guard, services/kit/src/data-rights/
// erasure-guard.ts): an event about one that arrives after the erasure (from a producer whose stream
// has no order with account's) records nothing. Consumers run side by side, so the check alone is
// not enough: a vote's activity that found no tombstone could commit after the erasure deleted the
// user's rows. Every write about a user therefore holds the shared per-user lock and checks the
// tombstone after taking it; the erasure (and the owner's "clear activity history") take the lock
// exclusively, so each write either commits before them, and is erased with the rest, or sees it.
import { erasureGuard } from '@civic/service-kit';

/** The advisory lock space of "a social user" (two-key form: this class, hashtext(user id)). */
const SOCIAL_USER_LOCK_CLASS = 0x534f4331; // 'SOC1'

export const socialErasureGuard = erasureGuard('social', SOCIAL_USER_LOCK_CLASS);
