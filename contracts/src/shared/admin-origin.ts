// Where an administrator's action came from (SECURITY 23): the client's address the gateway saw and
// the request id it answered. Events of admin actions taken outside the admin service carry it, so
// the audit entry the admin service writes from them has both. Optional, so events published before
// it (and the schedule's, nobody's action) stay valid: adding it is not a breaking change.
import { z } from 'zod';

export const ZAdminOrigin = z.object({
  ip: z.string().min(1).max(64),
  requestId: z.string().min(1).max(128),
});
export type TAdminOrigin = z.infer<typeof ZAdminOrigin>;
