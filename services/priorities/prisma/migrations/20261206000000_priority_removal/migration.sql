-- Issue 20: an administrator removes a priority (DELETE /api/admin/priorities/{id}). A soft delete:
-- is_active goes false (every citizen read already filters on it, and the partial indexes drop the
-- row), and the row keeps when and by whom, for the record. Votes, vote changes, promotions and
-- ledger entries stay. removed_by is an account id: erasing that account clears it
-- (src/data-rights/erase-user.ts).
ALTER TABLE "priorities"."priorities" ADD COLUMN "removed_at" TIMESTAMPTZ(3);
ALTER TABLE "priorities"."priorities" ADD COLUMN "removed_by" UUID;
-- The moderation list (GET /api/priorities?includeInactive=true, administrators) is every priority,
-- removed ones included, newest first: a page of 100 is a walk of this index that stops after 100 rows.
CREATE INDEX "priorities_newest_idx" ON "priorities"."priorities" ("created_at" DESC, "id" DESC);
-- An administrator's erasure finds the priorities they removed (few: only removed rows are indexed).
CREATE INDEX "priorities_removed_by_idx" ON "priorities"."priorities" ("removed_by") WHERE NOT "is_active";
