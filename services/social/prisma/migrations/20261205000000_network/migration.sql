-- Social service, network slice (spec 2.9, 2.10, 3 User followers/following/recruited, 4 "Follow" and
-- "Block"): follow edges, blocks, and each user's network state row holding the counts.

-- Whether others may see the member's profile (and so its follower and following lists), from
-- civic.account.privacy.changed like activity_visibility.
ALTER TABLE "social"."members" ADD COLUMN "profile_visibility" TEXT NOT NULL DEFAULT 'public'
  CHECK ("profile_visibility" IN ('public', 'private'));

-- One row per edge: the primary key makes a duplicate follow impossible under any concurrency.
CREATE TABLE "social"."follows" (
  "follower_id" UUID NOT NULL,
  "followee_id" UUID NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("follower_id", "followee_id"),
  CHECK ("follower_id" <> "followee_id")
);
-- Followers of a user newest first (the list, Network Growth's 7 and 30 days); the primary key
-- serves "whom does the viewer follow" (the following list, the network feed, isFollowing).
CREATE INDEX "follows_followee_id_created_at_idx" ON "social"."follows" ("followee_id", "created_at" DESC);
CREATE INDEX "follows_follower_id_created_at_idx" ON "social"."follows" ("follower_id", "created_at" DESC);

CREATE TABLE "social"."blocks" (
  "blocker_id" UUID NOT NULL,
  "blocked_id" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("blocker_id", "blocked_id"),
  CHECK ("blocker_id" <> "blocked_id")
);
-- "Who blocked me" (follow refusals, the feed, the profile's activity).
CREATE INDEX "blocks_blocked_id_idx" ON "social"."blocks" ("blocked_id");

-- Each user's counts and sequence number, changed in the transaction of the edge change under this
-- row's lock (src/network/network-state.ts), so the counts are always the edges' counts. `version`
-- is one more for every change of the user's counts or blocks (CountsChanged, BlockChanged).
CREATE TABLE "social"."user_network" (
  "user_id"   UUID PRIMARY KEY,
  "followers" INTEGER NOT NULL DEFAULT 0 CHECK ("followers" >= 0),
  "following" INTEGER NOT NULL DEFAULT 0 CHECK ("following" >= 0),
  "recruited" INTEGER NOT NULL DEFAULT 0 CHECK ("recruited" >= 0),
  "version"   INTEGER NOT NULL DEFAULT 0 CHECK ("version" >= 0)
);
