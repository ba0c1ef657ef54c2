-- The network feed's timelines (issue 18, docs/benchmarks.md "Citizen network"): fan-out on write.
-- Reading the feed by merging the followees' activities at read time costs two index probes per
-- followee (~7-12 ms of PostgreSQL for a citizen who follows 1,000 people), too much for 500 reads a
-- second on two cores. Instead each new activity is written into the timeline of each follower of its
-- actor (functions/fan_out_activities.sql, a trigger, so every writer of activities does it, whatever
-- its release during a rolling deploy), and a follow copies the followee's newest activities into
-- the follower's timeline (follow_user.sql), so reading the feed is a short scan of one timeline.
-- Accounts with many followers are not fanned out ("wide": fan_out false, from 1,000 followers on,
-- and for good); their activities are merged in at read time (functions/network_feed.sql). The
-- timeline is an index of candidates: the read checks each entry against the edges, the blocks and
-- the actor's visibility, so an unfollow, a block or a private setting needs no write to it.
--
-- This release's migrations run in one transaction, and the locks its statements take last until
-- it commits. So the long part, filling the timelines, comes first and reads only; the statements
-- that lock tables the running services write (ALTER TABLE user_network, CREATE TRIGGER) come last
-- and hold them for milliseconds. What the previous release writes while the fill runs is filled
-- afterwards by social.refill_network_timelines (docs/operations.md "Upgrades").

-- One row per (reader, activity of someone the reader follows or followed). The key serves the
-- read (a reader's newest first: the index scanned backwards); the actor index serves removals: of
-- deleted activities (forget_timeline_entries.sql) and of an erased actor's every entry
-- (forget_erased_timelines.sql).
CREATE TABLE "social"."network_timeline" (
  "reader_id"   UUID NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL,
  "activity_id" UUID NOT NULL,
  "actor_id"    UUID NOT NULL,
  CONSTRAINT "network_timeline_pkey" PRIMARY KEY ("reader_id", "created_at", "activity_id"),
  CHECK ("reader_id" <> "actor_id")
);
CREATE INDEX "network_timeline_actor_id_activity_id_idx" ON "social"."network_timeline" ("actor_id", "activity_id");

-- Today's wide accounts, read once so the fill and the flags below agree.
CREATE TEMPORARY TABLE "wide_now" ON COMMIT DROP AS
SELECT n."user_id" FROM "social"."user_network" n WHERE n."followers" >= 1000;

-- Every edge's share of the timelines: the followee's 50 newest activities (the feed's largest
-- page), as a follow copies them; nothing of an erased account.
INSERT INTO "social"."network_timeline" ("reader_id", "created_at", "activity_id", "actor_id")
SELECT f."follower_id", a."created_at", a."id", a."user_id"
FROM "social"."follows" f
CROSS JOIN LATERAL (
  SELECT x."id", x."created_at", x."user_id" FROM "social"."activities" x
  WHERE x."user_id" = f."followee_id" ORDER BY x."created_at" DESC, x."id" DESC LIMIT 50
) a
WHERE f."followee_id" NOT IN (SELECT w."user_id" FROM "wide_now" w)
  AND f."follower_id" NOT IN (SELECT d."user_id" FROM "social"."deleted_users" d)
  AND f."followee_id" NOT IN (SELECT d."user_id" FROM "social"."deleted_users" d)
ON CONFLICT DO NOTHING;

-- Whether the user's activities are fanned out to their followers' timelines. Once false, false for
-- good: the read then takes every one of their activities from the activities themselves, and none
-- can fall between the two.
ALTER TABLE "social"."user_network" ADD COLUMN "fan_out" BOOLEAN NOT NULL DEFAULT true;
UPDATE "social"."user_network" n SET "fan_out" = false FROM "wide_now" w WHERE w."user_id" = n."user_id";
-- The wide accounts: few, read by every feed read.
CREATE INDEX "user_network_wide_idx" ON "social"."user_network" ("user_id") WHERE NOT "fan_out";
