// The user object of spec section 3, as GET /api/auth/user answers it.
import { z } from 'zod';
import { APPROVAL_STATUSES } from './messages/admin.ts';
import { ZPublicProfileFields } from './profile.ts';

export { GENDERS } from './messages/profile.ts';

export const ZUser = z.object({
  id: z.string().uuid(),
  email: z.string(),
  ...ZPublicProfileFields.shape,
  politicalCapital: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
  recruited: z.number().int(),
  isAdmin: z.boolean(),
  isBanned: z.boolean(),
  /** 'pending' while an administrator has not approved the account (issue 20): the front end shows the awaiting-approval page. */
  approvalStatus: z.enum(APPROVAL_STATUSES),
  createdAt: z.string().describe('ISO 8601 timestamp'),
});

export type TUser = z.infer<typeof ZUser>;
