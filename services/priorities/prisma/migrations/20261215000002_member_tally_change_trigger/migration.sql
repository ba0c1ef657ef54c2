-- Issue 35 item 7 (docs/ranking.md section 7a): every writer of a member's state or visibility marks
-- the member pending for the next epoch, the previous release's consumers too while an upgrade rolls
-- (they write the state without the mark), through the trigger function mark_member_tally_change
-- (prisma/functions/). The CHECK then holds for every row: a member whose counted state differs from
-- their state on a public profile is pending, so the next epoch applies it.
CREATE TRIGGER "members_tally_change"
  BEFORE INSERT OR UPDATE OF "state", "profile_public", "counted_state", "tally_change_pending_since" ON "priorities"."members"
  FOR EACH ROW EXECUTE FUNCTION "priorities"."mark_member_tally_change"();
ALTER TABLE "priorities"."members" ADD CONSTRAINT "members_counted_state_check"
  CHECK ("tally_change_pending_since" IS NOT NULL OR "counted_state" IS NOT DISTINCT FROM CASE WHEN "profile_public" THEN "state" END);
