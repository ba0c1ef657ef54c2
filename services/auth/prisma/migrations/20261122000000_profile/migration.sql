-- The profile fields GET /api/auth/user answers, kept from civic.account.profile.updated (the account
-- service owns them; this is auth's read model). profile_updated_at orders the updates it applies.
ALTER TABLE "auth"."users"
  ADD COLUMN "first_name"         TEXT,
  ADD COLUMN "last_name"          TEXT,
  ADD COLUMN "profile_image_url"  TEXT,
  ADD COLUMN "bio"                TEXT,
  ADD COLUMN "location"           TEXT,
  ADD COLUMN "birth_year"         INTEGER,
  ADD COLUMN "gender"             TEXT,
  ADD COLUMN "occupation"         TEXT,
  ADD COLUMN "website"            TEXT,
  ADD COLUMN "twitter_handle"     TEXT,
  ADD COLUMN "linkedin_url"       TEXT,
  ADD COLUMN "facebook_url"       TEXT,
  ADD COLUMN "instagram_handle"   TEXT,
  ADD COLUMN "profile_updated_at" TIMESTAMPTZ(3);
