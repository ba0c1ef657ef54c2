-- Issue 22: a priority's author is told once when it first enters the top 10 of the ranking. The
-- top-ten job (src/priorities/record-top-ten-entries.ts) inserts each priority it sees in the top 10
-- here; only the rows it actually inserts get civic.priorities.priority.entered_top_ten, so the
-- primary key decides, also between replicas running the job at once. Rows are never deleted:
-- leaving the top 10 and coming back announces nothing. No foreign key: priorities are never
-- deleted (a removal is a soft delete, an erasure detaches the author), and the job's insert should
-- take no lock on the priority rows it did not ask for.
CREATE TABLE "priorities"."top_ten_entries" (
  "priority_id" UUID NOT NULL PRIMARY KEY,
  "entered_at" TIMESTAMPTZ(3) NOT NULL
);

-- First deployment: the priorities already in the top 10 are not news, and their authors should not
-- all be mailed at once. Which ones they are depends on min_endorsements_for_ranking, a runtime
-- platform setting this migration cannot read, so the job's first run takes the top 10 it sees as
-- the baseline (recorded without events) when this row exists. A database with no priorities (a new
-- installation, the tests) gets no row: its first entries are news.
CREATE TABLE "priorities"."top_ten_baseline" (
  "pending" BOOLEAN NOT NULL PRIMARY KEY CHECK ("pending")
);
INSERT INTO "priorities"."top_ten_baseline" ("pending")
SELECT true WHERE EXISTS (SELECT 1 FROM "priorities"."priorities" WHERE "is_active");
