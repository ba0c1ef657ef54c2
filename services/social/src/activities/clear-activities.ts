// DELETE /api/activities/clear (spec 2.11 "clear activity history"): the caller's activities go, and
// only theirs. Events already consumed stay in the inbox, so a redelivery does not bring one back;
// events not consumed yet about acts from before the clear are skipped (members.activities_cleared_at).
import type { SocialContext } from '../context.ts';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';

export async function clearActivities(ctx: SocialContext, userId: string): Promise<number> {
  const clearedAt = ctx.platform.clock.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    // An activity being recorded right now commits first and is cleared with the rest.
    await socialErasureGuard.lockExclusive(tx, userId);
    // Events about acts from before now that are still on their way are part of what was cleared.
    await tx.execute(
      `INSERT INTO social.members AS m (user_id, activities_cleared_at) VALUES ($1::uuid, $2::timestamptz)
       ON CONFLICT (user_id) DO UPDATE SET activities_cleared_at = GREATEST(m.activities_cleared_at, EXCLUDED.activities_cleared_at)`,
      [userId, clearedAt],
    );
    return tx.execute('DELETE FROM social.activities WHERE user_id = $1::uuid', [userId]);
  });
}
