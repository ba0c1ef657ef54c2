// The content citizens can report: priorities and briefing documents with their author and
// title, kept from the owners' events in the consumer's transaction, or from the owner's lookup when a
// report names an item the events have not brought yet (known-content.ts). A removal or deletion keeps
// the row with removed_at set: events on different subjects may arrive in any order, so a creation
// event (or a lookup) coming after the removal must not make the item reportable again. Nothing is
// recorded for an author whose account was erased (their items left with them).
import type { TReportTargetType } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { adminErasureGuard } from '../data-rights/erasure-guard.ts';

export interface ReportableItem {
  targetType: TReportTargetType;
  targetId: string;
  authorId: string;
  title: string;
  createdAt: string;
}

/** A created item (event or lookup); an item already known, removed or not, stays as it is. */
export async function recordContent(tx: SqlDriver, item: ReportableItem): Promise<void> {
  await tx.execute(
    `INSERT INTO admin.report_content (target_type, target_id, author_id, title, created_at)
     SELECT $1, $2::uuid, $3::uuid, $4, $5::timestamptz WHERE NOT ${adminErasureGuard.deletedSql('$3')}
     ON CONFLICT DO NOTHING`,
    [item.targetType, item.targetId, item.authorId, item.title, item.createdAt],
  );
}

/** An item an administrator removed (a priority) or deleted (a document): no longer reportable. */
export async function recordContentRemoved(tx: SqlDriver, item: ReportableItem, removedAt: string): Promise<void> {
  await tx.execute(
    `INSERT INTO admin.report_content (target_type, target_id, author_id, title, created_at, removed_at)
     SELECT $1, $2::uuid, $3::uuid, $4, $5::timestamptz, $6::timestamptz WHERE NOT ${adminErasureGuard.deletedSql('$3')}
     ON CONFLICT (target_type, target_id) DO UPDATE SET removed_at = COALESCE(admin.report_content.removed_at, EXCLUDED.removed_at)`,
    [item.targetType, item.targetId, item.authorId, item.title, item.createdAt, removedAt],
  );
}

/** Marks a known item removed (when the event names no author to record a new one by). */
export async function markContentRemoved(tx: SqlDriver, targetType: TReportTargetType, targetId: string, removedAt: string): Promise<void> {
  await tx.execute(`UPDATE admin.report_content SET removed_at = COALESCE(removed_at, $3::timestamptz) WHERE target_type = $1 AND target_id = $2::uuid`, [
    targetType,
    targetId,
    removedAt,
  ]);
}

export interface KnownContent {
  authorId: string;
  title: string;
  removed: boolean;
}

export async function knownContent(tx: SqlDriver, targetType: TReportTargetType, targetId: string): Promise<KnownContent | null> {
  const [row] = await tx.query<{ authorId: string; title: string; removed: boolean }>(
    `SELECT author_id::text AS "authorId", title, removed_at IS NOT NULL AS removed FROM admin.report_content WHERE target_type = $1 AND target_id = $2::uuid`,
    [targetType, targetId],
  );
  return row ?? null;
}
