// DELETE /api/admin/priorities/{id} (the kit's 'admin' guard ran before this): a soft delete. One
// conditional UPDATE ... WHERE is_active writes civic.priorities.priority.removed only when it changed
// the row, so concurrent removals make exactly one event and one audit entry. Every citizen read
// filters on is_active; other replicas drop their top lists on the watched event. The event carries
// the administrator's reason for the author's notice; an empty one is left out (the default shows).
import { ADMIN_MESSAGES, isUuid, type TAdminOrigin, type TDeletePriorityResponse } from '@civic/contracts';
import type { PrioritiesContext } from '../context.ts';
import { PriorityNotFound } from '../errors.ts';
import { emitPriorityRemoved } from '../events.ts';

export async function removePriority(
  ctx: PrioritiesContext,
  adminId: string,
  origin: TAdminOrigin,
  priorityId: string,
  reason?: string,
): Promise<TDeletePriorityResponse> {
  // Anything that is not a UUID names no priority: a 404, not a database error.
  if (!isUuid(priorityId)) throw new PriorityNotFound();
  const id = priorityId.toLowerCase();
  const removedAt = ctx.platform.clock.now().toISOString();
  const stated = reason?.trim();
  const removedNow = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{ author_id: string | null; title: string }>(
      `UPDATE priorities.priorities SET is_active = false, removed_at = $2::timestamptz, removed_by = $3::uuid
       WHERE id = $1::uuid AND is_active RETURNING author_id, title`,
      [id, removedAt, adminId],
    );
    if (!row) {
      const [existing] = await tx.query<unknown>('SELECT 1 FROM priorities.priorities WHERE id = $1::uuid', [id]);
      if (!existing) throw new PriorityNotFound();
      return false;
    }
    await emitPriorityRemoved(tx, {
      priorityId: id,
      authorId: row.author_id,
      title: row.title,
      adminId,
      ...(stated ? { reason: stated } : {}),
      removedAt,
      origin,
    });
    return true;
  });
  if (removedNow) ctx.topPriorities.invalidate();
  return { message: ADMIN_MESSAGES.priorityDeleted, id };
}
