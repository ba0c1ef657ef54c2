// Events the auth service publishes.
import { z } from 'zod';
import { APPROVAL_STATUSES, STANDING_CHANGES } from '../admin/messages.ts';
import { ZAdminOrigin } from '../shared/admin-origin.ts';
import { defineEvent } from '../shared/define-event.ts';

export const UserRegistered = defineEvent(
  'civic.auth.user.registered',
  1,
  z.object({
    userId: z.string().uuid(),
    email: z.string(),
    isAdmin: z.boolean(),
    registeredAt: z.string(),
    /**
     * The citizen whose invitation link brought the new account, only when auth found the
     * recruit eligible: the recruiter exists and is not banned, and the address was never erased
     * before. Social records the recruit and publishes civic.social.recruit.joined.
     */
    recruiterId: z.string().uuid().optional(),
    /** 'pending' when registration_approval_required held at sign-up; absent means approved. */
    approvalStatus: z.enum(APPROVAL_STATUSES).optional(),
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

/**
 * An account's standing changed: admin status granted or revoked, banned or unbanned, or an
 * approval decided. Auth is the one writer of these flags; the event carries the whole standing after
 * the change, so a read model (the admin service's directory) just keeps the newest standingVersion.
 * The admin service turns each into its one audit entry (grant_admin, revoke_admin, ban_user,
 * unban_user; approve_user and reject_user as update_user with details.decision).
 */
export const UserStandingChanged = defineEvent(
  'civic.auth.user.standing_changed',
  1,
  z.object({
    userId: z.string().uuid(),
    change: z.enum(STANDING_CHANGES),
    isAdmin: z.boolean(),
    isBanned: z.boolean(),
    approvalStatus: z.enum(APPROVAL_STATUSES),
    /** The administrator who made the change; null for the automatic ban (never an admin's act). */
    adminId: z.string().uuid().nullable(),
    /** True for the ban that reports reaching auto_ban_threshold caused. */
    automatic: z.boolean(),
    /** For the automatic ban: the distinct reporters counted, and the threshold then. */
    reportCount: z.number().int().positive().optional(),
    threshold: z.number().int().positive().optional(),
    /** Grows with every change of this user's standing; older events are ignored by read models. */
    standingVersion: z.number().int().positive(),
    changedAt: z.iso.datetime({ offset: true }),
    /** The administrator's request; absent for the automatic ban (and events published before it was added). */
    origin: ZAdminOrigin.optional(),
  }),
);

export const AUTH_EVENTS = [UserRegistered, UserSignedIn, SessionRevoked, UserStandingChanged] as const;
