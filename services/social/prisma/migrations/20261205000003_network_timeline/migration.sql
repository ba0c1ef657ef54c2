-- The network feed's timelines (issue 18, docs/benchmarks.md "Citizen network"): fan-out on write.
-- Reading the feed by merging the followees' activities at read time costs two index probes per
-- followee (~7-12 ms of PostgreSQL for a citizen who follows 1,000 people), too much for 500 reads a
-- second on two cores. Instead each new activity is written into the timeline of each follower of its
-- actor (functions/fan_out_activities.sql, a trigger, so every writer of activities does it, whatever
-- its version during a rolling deploy), and a follow copies the followee's newest activities into
-- the follower's timeline (follow_user.sql), so reading the feed is a short scan of one timeline.
-- Accounts with many followers are not fanned out ("wide": fan_out false, from 1,000 followers on,
-- and for good); their activities are merged in at read time, a probe per wide followee
-- (src/activities/list-activities.ts). The timeline is an index of candidates: the read checks each
-- entry against the edges, the blocks and the actor's visibility, so an unfollow, a block or a
-- private setting needs no write to it.

-- Whether the user's activities are fanned out to their followers' timelines. Once false, false for
-- good: the read then takes every one of their activities from the activities themselves, and none
-- can fall between the two.
ALTER TABLE "social"."user_network" ADD COLUMN "fan_out" BOOLEAN NOT NULL DEFAULT true;
-- The wide accounts: few, read by every feed read.
CREATE INDEX "user_network_wide_idx" ON "social"."user_network" ("user_id") WHERE NOT "fan_out";

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

-- The timelines are filled by social.refill_network_timelines once the triggers are in place
-- (20261205000005_network_timeline_triggers).
