-- The network counts GET /api/auth/user answers as followers, following and recruited, kept from
-- civic.social.counts.changed (the social service owns follows and recruits; this is auth's read
-- model). network_counts_version is the user's version in social: counts are applied only when they
-- are newer, since count events of one user can arrive out of order.
ALTER TABLE "auth"."users"
  ADD COLUMN "followers"              INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "following"              INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "recruited"              INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "network_counts_version" INTEGER NOT NULL DEFAULT 0;
