// Questions the priorities service answers for other services:
// - rpc.priorities.priority_lookup: whether a priority exists, its title and author, for a reader
//   whose read model has not caught up (briefing) and for the admin service's reports. `priority:
//   null` is no such priority (a removed one answers isActive false); no answer at all is the
//   caller's 503, never a 400.
import { z } from 'zod';
import { defineRequest } from '../shared/define-request.ts';

export const ZPriorityLookupRequest = z.strictObject({
  priorityId: z.string().uuid(),
});
export type TPriorityLookupRequest = z.infer<typeof ZPriorityLookupRequest>;

export const ZPriorityLookupReply = z.object({
  /** The priority as civic.priorities.priority.created describes it, or null when none has that id (a removed one: isActive false). */
  priority: z
    .object({
      priorityId: z.string().uuid(),
      title: z.string(),
      /** When it was created (ISO 8601). */
      createdAt: z.iso.datetime({ offset: true }),
      /** Its author; null once the author's account was erased (the priority stays, detached). */
      authorId: z.string().uuid().nullable(),
      /** False once an administrator removed it (a soft delete, civic.priorities.priority.removed). */
      isActive: z.boolean(),
    })
    .nullable(),
});
export type TPriorityLookupReply = z.infer<typeof ZPriorityLookupReply>;

export const PRIORITIES_REQUESTS = {
  lookup: defineRequest('rpc.priorities.priority_lookup', ZPriorityLookupRequest, ZPriorityLookupReply, ['admin', 'briefing', 'notifications']),
} as const;
