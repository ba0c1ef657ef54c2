// rpc.priorities.priority_lookup (contracts/src/requests/priorities.ts): whether a priority exists and
// its title, for a service whose read model of priorities has not caught up yet (briefing, when a
// document names a priority created a moment ago). A removed priority (issue 20) is answered as none:
// a new document cannot name it.
import type { TPriorityLookupReply, TPriorityLookupRequest } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';

export async function lookupPriority(ctx: PrioritiesContext, { priorityId }: TPriorityLookupRequest): Promise<TPriorityLookupReply> {
  const [row] = await ctx.sql.query<{ id: string; title: string; created_at: Date }>(
    'SELECT id, title, created_at FROM priorities.priorities WHERE id = $1::uuid AND is_active',
    [priorityId.toLowerCase()],
  );
  return { priority: row ? { priorityId: row.id, title: row.title, createdAt: new Date(row.created_at).toISOString() } : null };
}
