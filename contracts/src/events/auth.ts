// Events the auth service publishes.
import { z } from 'zod';
import { defineEvent } from './define-event.ts';

export const UserRegistered = defineEvent(
  'civic.auth.user.registered',
  1,
  z.object({
    userId: z.string().uuid(),
    email: z.string(),
    isAdmin: z.boolean(),
    registeredAt: z.string(),
    /**
     * The citizen whose invitation link brought the new account (issue 18), only when auth found the
     * recruit eligible: the recruiter exists and is not banned, and the address was never erased
     * before. Social records the recruit and publishes civic.social.recruit.joined.
     */
    recruiterId: z.string().uuid().optional(),
  }),
);

export const UserSignedIn = defineEvent(
  'civic.auth.user.signed_in',
  1,
  z.object({ userId: z.string().uuid(), method: z.enum(['otp', 'magic_link']), signedInAt: z.string() }),
);

export const SessionRevoked = defineEvent(
  'civic.auth.session.revoked',
  1,
  z.object({
    userId: z.string().uuid(),
    reason: z.enum(['logout', 'ban', 'account_deleted', 'admin_revoke']),
    revokedAt: z.string(),
  }),
);

export const AUTH_EVENTS = [UserRegistered, UserSignedIn, SessionRevoked] as const;
