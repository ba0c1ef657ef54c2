-- Issue 20: an administrator's removal of a priority (civic.priorities.priority.removed) is kept in
-- briefing's read model of priorities: a new document cannot name a removed priority (400, as an
-- unknown one), while the documents that already name it keep showing its title.
ALTER TABLE "briefing"."priorities" ADD COLUMN "removed_at" TIMESTAMPTZ(3);
