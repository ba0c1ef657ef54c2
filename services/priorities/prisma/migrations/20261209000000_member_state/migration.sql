-- Issue 23, the agenda by state (docs/ranking.md section 7): each member's state (from
-- civic.account.profile.updated) and profile visibility (from civic.account.privacy.changed), so a
-- state's tallies are counted at read time from the votes of the members who share that state on a
-- public profile. A member counts as private until a privacy event says otherwise: the account service
-- re-announces the visibility whenever a state is set, and the two events may arrive in either order,
-- so a private profile is never counted in between (existing members have no state yet anyway).
ALTER TABLE "priorities"."members" ADD COLUMN "state" TEXT;
ALTER TABLE "priorities"."members" ADD COLUMN "profile_public" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "priorities"."members" ADD COLUMN "privacy_changed_at" TIMESTAMPTZ(3);
-- The counted citizens of one state, read with their user ids (the join to votes_user_id_idx).
CREATE INDEX "members_counted_state_idx" ON "priorities"."members" ("state", "user_id") WHERE "profile_public" AND "state" IS NOT NULL;
