-- Issue 18, recruiting: one row per recruited account, from civic.auth.user.registered naming an
-- eligible recruiter (auth decides eligibility: recruiter exists, not banned, address never erased).
-- The primary key makes a second recruit of one account impossible, whatever is redelivered.
-- rewarded: whether civic.social.recruit.joined was published for it (false past the recruiter's
-- daily cap, src/recruits/record-recruit.ts); the recruit still counts in `recruited`.
CREATE TABLE "social"."recruits" (
  "recruited_user_id" UUID PRIMARY KEY,
  "recruiter_id"      UUID NOT NULL,
  "joined_at"         TIMESTAMPTZ(3) NOT NULL,
  "rewarded"          BOOLEAN NOT NULL,
  CHECK ("recruiter_id" <> "recruited_user_id")
);
-- The recruiter's count, and the daily cap's window.
CREATE INDEX "recruits_recruiter_id_joined_at_idx" ON "social"."recruits" ("recruiter_id", "joined_at");
