// Removes the activity of something that no longer exists (an administrator deleted a briefing
// document: civic.briefing.document.deleted) or that moderation took down (an administrator removed a
// priority: civic.priorities.priority.removed), in the consumer's transaction, so no feed
// shows a contribution that is gone nor quotes a title moderation removed. A redelivery finds nothing
// and changes nothing.
import type { TActivityType } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';

export async function forgetActivity(tx: SqlDriver, type: TActivityType, subjectId: string): Promise<void> {
  await tx.execute('DELETE FROM social.activities WHERE type = $1 AND subject_id = $2::uuid', [type, subjectId]);
}

/**
 * A removed priority's activities: its creation, and the endorsements and oppositions of it. Each
 * quotes its title ("Endorsed "<title>""), so keeping them would keep the removed text in the feeds.
 */
export async function forgetPriorityActivities(tx: SqlDriver, priorityId: string): Promise<void> {
  await tx.execute("DELETE FROM social.activities WHERE type IN ('create_priority', 'endorse', 'oppose') AND subject_id = $1::uuid", [priorityId]);
}
