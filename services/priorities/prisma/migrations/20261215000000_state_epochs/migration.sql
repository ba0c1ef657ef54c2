-- Issue 35 item 7, state tallies in epochs (docs/ranking.md section 7a): a member's state and
-- visibility (state, profile_public) are applied from account events at once, but the state their
-- votes are counted in (counted_state) changes only at the next hourly epoch, with every other change
-- of that hour, so one citizen's change cannot be diffed out of a state's tallies. A change that
-- would move the member stays pending (tally_change_pending_since, the priorities clock at its first
-- write since the last epoch; cleared by a write that puts it back) until the epoch job
-- (src/members/apply-state-epoch.ts) applies it. The mark is kept by a trigger (20261215000002).
ALTER TABLE "priorities"."members" ADD COLUMN "counted_state" TEXT;
ALTER TABLE "priorities"."members" ADD COLUMN "tally_change_pending_since" TIMESTAMPTZ(3);
-- Members counted today keep counting: the first epoch moves nobody.
UPDATE "priorities"."members" SET "counted_state" = "state" WHERE "profile_public" AND "state" IS NOT NULL;
-- The counted citizens of one state, read with their user ids (the join to votes_user_votes_idx).
-- members_counted_state_idx (state, user_id) stays for the previous release's reads while an upgrade
-- rolls; the release after drops it (docs/operations.md, expand and contract).
CREATE INDEX "members_counted_in_state_idx" ON "priorities"."members" ("counted_state", "user_id") WHERE "counted_state" IS NOT NULL;
-- The epoch job finds the pending members without reading the others.
CREATE INDEX "members_tally_pending_idx" ON "priorities"."members" ("tally_change_pending_since") WHERE "tally_change_pending_since" IS NOT NULL;

-- One row per applied epoch (the hour boundary): the primary key is the claim, so among replicas
-- running the job at once exactly one applies an epoch, and a second run finds it applied.
CREATE TABLE "priorities"."state_epochs" (
  "epoch" TIMESTAMPTZ(3) NOT NULL,
  "applied_at" TIMESTAMPTZ(3) NOT NULL,
  "members_moved" INTEGER NOT NULL,
  CONSTRAINT "state_epochs_pkey" PRIMARY KEY ("epoch"),
  CONSTRAINT "state_epochs_hour_check" CHECK (extract(epoch FROM "epoch") % 3600 = 0),
  CONSTRAINT "state_epochs_members_moved_check" CHECK ("members_moved" >= 0)
);
