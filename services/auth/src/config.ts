// Settings only the auth service reads.
import { z } from 'zod';

export const ZAuthConfig = z.object({
  /** Key of the HMAC under which sign-in codes are stored. Required when distributed. */
  AUTH_CODE_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
});
