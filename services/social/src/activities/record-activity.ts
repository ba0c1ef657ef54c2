// Records one activity from the event that reports it, in the consumer's transaction. The event id
// is unique in the table, so however often the event comes, there is one activity (and after the
// owner cleared their history, a redelivery does not bring it back: the inbox already holds its id).
// A new activity also goes into its actor's followers' network timelines (prisma/functions/fan_out_activities.sql).
import { randomUUID } from 'node:crypto';
import type { TActivityType } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { socialErasureGuard } from '../data-rights/erasure-guard.ts';

export interface NewActivity {
  sourceEventId: string;
  userId: string;
  type: TActivityType;
  description: string;
  subjectId: string | null;
  /** When the act happened (ISO 8601, from the event). */
  occurredAt: string;
}

export async function recordActivity(tx: SqlDriver, activity: NewActivity): Promise<void> {
  if (await socialErasureGuard.isDeletedUser(tx, activity.userId)) return;
  // An act from before the owner last cleared their history belongs to what they cleared.
  // The activities_fan_out trigger puts it into its actor's followers' network timelines.
  await tx.execute(
    `INSERT INTO social.activities (id, user_id, type, description, subject_id, source_event_id, created_at)
     SELECT $1::uuid, $2::uuid, $3, $4, $5::uuid, $6::uuid, $7::timestamptz
     WHERE NOT EXISTS (SELECT 1 FROM social.members m WHERE m.user_id = $2::uuid AND m.activities_cleared_at >= $7::timestamptz)
     ON CONFLICT (source_event_id) DO NOTHING`,
    [randomUUID(), activity.userId, activity.type, activity.description, activity.subjectId, activity.sourceEventId, activity.occurredAt],
  );
}
