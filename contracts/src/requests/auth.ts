// Questions the auth service answers for other services.
//
// - rpc.auth.user_lookup: does this account exist (registered, not erased, not superseded). Social
//   learns citizens from civic.auth.user.registered, but someone who signed up a moment ago may not
//   have reached it yet; on a miss it asks here before answering "User not found" to a follow or a
//   block. `user: null` means no such account; no answer at all (auth down, a timeout) is the caller's
//   503, never a 404.
import { z } from 'zod';
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

export const AUTH_REQUESTS = {
  userLookup: defineRequest('rpc.auth.user_lookup', ZUserLookupRequest, ZUserLookupReply),
} as const;
