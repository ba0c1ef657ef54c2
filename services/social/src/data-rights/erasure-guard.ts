// social's erasure guard (services/kit/src/data-rights/erasure-guard.ts): a late event or a racing
// write about a deleted user records nothing; "clear activity history" takes the lock exclusively too.
import { erasureGuard } from '@civic/service-kit';

/** The advisory lock space of "a social user" (two-key form: this class, hashtext(user id)). */
const SOCIAL_USER_LOCK_CLASS = 0x534f4331; // 'SOC1'

export const socialErasureGuard = erasureGuard('social', SOCIAL_USER_LOCK_CLASS);
