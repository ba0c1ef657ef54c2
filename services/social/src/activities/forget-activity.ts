// Removes the activity of something that no longer exists (an administrator deleted a briefing
// document: civic.briefing.document.deleted), in the consumer's transaction, so no feed shows a
// contribution that is gone. A redelivery finds nothing and changes nothing.
import type { TActivityType } from '@civic/contracts';
import type { SqlExecutor } from '@civic/service-kit/events';

export async function forgetActivity(tx: SqlExecutor, type: TActivityType, subjectId: string): Promise<void> {
  await tx.$executeRawUnsafe('DELETE FROM social.activities WHERE type = $1 AND subject_id = $2::uuid', type, subjectId);
}
