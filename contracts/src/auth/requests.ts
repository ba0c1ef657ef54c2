// Questions the auth service answers for other services.
//
// - rpc.auth.user_lookup: does this account exist (registered, not erased, not superseded). Social
//   learns citizens from civic.auth.user.registered, but someone who signed up a moment ago may not
//   have reached it yet; on a miss it asks here before answering "User not found" to a follow or a
//   block. `user: null` means no such account; no answer at all (auth down, a timeout) is the caller's
//   503, never a 404.
//
// - rpc.auth.change_standing: the admin service asks auth (the one writer of isAdmin, isBanned and the
//   approval status) to grant or revoke admin status, ban or unban, approve or reject. The
//   caller's identity (the administrator's, signed) travels beside the payload; auth refuses a caller
//   who is not an admin, one's own row, and a ban of an admin. The change, its session effects and the
//   civic.auth.user.standing_changed event (which becomes the audit entry) commit together.
//
// - rpc.auth.user_directory: a page of every account as auth holds it (its own flags, and its
//   version-guarded copies of names, balance and follower count), in id order. The admin service's
//   `npm run admin:rebuild-directory` reads it to rebuild the users directory from scratch: the event
//   streams keep 7 days, so a replay alone cannot. Each part keeps its owner's version, so the events
//   arriving during a rebuild and the page merge in either order.
import { z } from 'zod';
import { APPROVAL_STATUSES, STANDING_CHANGES } from '../admin/messages.ts';
import { defineRequest } from '../shared/define-request.ts';

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
  /** The gateway's request id of the administrator's call, for the audit entry (SECURITY 23); the address travels in the identity. */
  requestId: z.string().min(1).max(128).optional(),
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

export const USER_DIRECTORY_PAGE_MAX = 500;

export const ZUserDirectoryPageRequest = z.strictObject({
  /** The last id of the previous page; null for the first. */
  afterId: z.string().uuid().nullable(),
  limit: z.number().int().min(1).max(USER_DIRECTORY_PAGE_MAX),
});
export type TUserDirectoryPageRequest = z.infer<typeof ZUserDirectoryPageRequest>;

export const ZUserDirectoryEntry = z.object({
  userId: z.string().uuid(),
  email: z.string(),
  registeredAt: z.iso.datetime({ offset: true }),
  isAdmin: z.boolean(),
  isBanned: z.boolean(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  standingVersion: z.number().int().nonnegative(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** The account service's updatedAt of the names held; null when no profile event arrived. */
  profileUpdatedAt: z.iso.datetime({ offset: true }).nullable(),
  politicalCapital: z.number().int(),
  /** The ledger's version of the balance held (0: none arrived). */
  politicalCapitalVersion: z.number().int().nonnegative(),
  followers: z.number().int().nonnegative(),
  /** Social's version of the counts held (0: none arrived). */
  followersVersion: z.number().int().nonnegative(),
});
export type TUserDirectoryEntry = z.infer<typeof ZUserDirectoryEntry>;

export const ZUserDirectoryPageReply = z.object({
  /** Ids after afterId in ascending order; fewer than limit means the last page. */
  users: z.array(ZUserDirectoryEntry),
});
export type TUserDirectoryPageReply = z.infer<typeof ZUserDirectoryPageReply>;

export const AUTH_REQUESTS = {
  userLookup: defineRequest('rpc.auth.user_lookup', ZUserLookupRequest, ZUserLookupReply, ['admin', 'social']),
  changeStanding: defineRequest('rpc.auth.change_standing', ZChangeStandingRequest, ZChangeStandingReply, ['admin']),
  // Every account's address: the admin service's directory rebuild alone (SECURITY 33).
  userDirectory: defineRequest('rpc.auth.user_directory', ZUserDirectoryPageRequest, ZUserDirectoryPageReply, ['admin']),
} as const;
