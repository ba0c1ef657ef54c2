// The user object of spec section 3, as GET /api/auth/user answers it.
import { z } from 'zod';
import { APPROVAL_STATUSES } from '../admin/messages.ts';
import { ZPublicProfileFields } from '../account/profile.ts';

export { GENDERS } from '../account/messages.ts';

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
  /** 'pending' while an administrator has not approved the account: the front end shows the awaiting-approval page. */
  approvalStatus: z.enum(APPROVAL_STATUSES),
  createdAt: z.string().describe('ISO 8601 timestamp'),
});

export type TUser = z.infer<typeof ZUser>;
