// rpc.priorities.priority_lookup (contracts/src/priorities/requests.ts): whether a priority exists, its
// title, author and whether it is still active, for a service whose read model of priorities has not
// caught up yet (briefing, when a document names a priority created a moment ago: a removed one
// (isActive false) it refuses like none; the admin service, when a citizen reports one).
import type { TPriorityLookupReply, TPriorityLookupRequest } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';

export async function lookupPriority(ctx: PrioritiesContext, { priorityId }: TPriorityLookupRequest): Promise<TPriorityLookupReply> {
  const [row] = await ctx.db.query<{ id: string; title: string; created_at: Date; author_id: string | null; is_active: boolean }>(
    'SELECT id, title, created_at, author_id, is_active FROM priorities.priorities WHERE id = $1::uuid',
    [priorityId.toLowerCase()],
  );
  return {
    priority: row
      ? { priorityId: row.id, title: row.title, createdAt: new Date(row.created_at).toISOString(), authorId: row.author_id, isActive: row.is_active }
      : null,
  };
}
