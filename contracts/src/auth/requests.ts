// Questions the auth service answers for other services (docs/architecture.md):
// - rpc.auth.user_lookup: whether an account exists, for a citizen whose registration event has not
//   arrived yet; `user: null` is no account, no answer at all is the caller's 503, never a 404;
// - rpc.auth.change_standing: the admin service's role, ban and approval changes (auth is the one
//   writer of those flags; the administrator's signed identity travels beside the payload);
// - rpc.auth.user_directory: every account a page at a time, to rebuild the users directory, since
//   the event streams keep only 7 days.
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
