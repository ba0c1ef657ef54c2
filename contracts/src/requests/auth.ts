// Questions the auth service answers for other services.
//
// - rpc.auth.user_lookup: does this account exist (registered, not erased, not superseded). Social
//   learns citizens from civic.auth.user.registered, but someone who signed up a moment ago may not
//   have reached it yet; on a miss it asks here before answering "User not found" to a follow or a
//   block. `user: null` means no such account; no answer at all (auth down, a timeout) is the caller's
//   503, never a 404.
//
// - rpc.auth.change_standing: the admin service asks auth (the one writer of isAdmin, isBanned and the
//   approval status) to grant or revoke admin status, ban or unban, approve or reject (issue 20). The
//   caller's identity (the administrator's, signed) travels beside the payload; auth refuses a caller
//   who is not an admin, one's own row, and a ban of an admin. The change, its session effects and the
//   civic.auth.user.standing_changed event (which becomes the audit entry) commit together.
import { z } from 'zod';
import { APPROVAL_STATUSES, STANDING_CHANGES } from '../messages/admin.ts';
import { defineRequest } from './define-request.ts';

export const ZUserLookupRequest = z.strictObject({
  userId: z.string().uuid(),
});
export type TUserLookupRequest = z.infer<typeof ZUserLookupRequest>;

export const ZUserLookupReply = z.object({
  /** The account, or null when none has that id. */
  user: z
    .object({
      userId: z.string().uuid(),
      /** When the account was created (ISO 8601). */
      registeredAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
});
export type TUserLookupReply = z.infer<typeof ZUserLookupReply>;

export const ZChangeStandingRequest = z.strictObject({
  userId: z.string().uuid(),
  change: z.enum(STANDING_CHANGES),
});
export type TChangeStandingRequest = z.infer<typeof ZChangeStandingRequest>;

export const ZChangeStandingReply = z.object({
  /**
   * changed: done (the event is in auth's outbox); unchanged: it already stood so (no event, no audit
   * entry); not_found: no such account; refused: not allowed, `message` says why (ADMIN_MESSAGES).
   */
  outcome: z.enum(['changed', 'unchanged', 'not_found', 'refused']),
  message: z.string().optional(),
  /** The standing after the call (null when not_found). */
  standing: z
    .object({
      userId: z.string().uuid(),
      isAdmin: z.boolean(),
      isBanned: z.boolean(),
      approvalStatus: z.enum(APPROVAL_STATUSES),
      standingVersion: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type TChangeStandingReply = z.infer<typeof ZChangeStandingReply>;

export const AUTH_REQUESTS = {
  userLookup: defineRequest('rpc.auth.user_lookup', ZUserLookupRequest, ZUserLookupReply),
  changeStanding: defineRequest('rpc.auth.change_standing', ZChangeStandingRequest, ZChangeStandingReply),
} as const;
