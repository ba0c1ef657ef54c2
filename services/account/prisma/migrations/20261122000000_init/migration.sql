-- Account service: profiles and per-user settings (spec 3 "User", "Settings").
CREATE SCHEMA IF NOT EXISTS "account";

CREATE TABLE "account"."profiles" (
  "user_id"           UUID PRIMARY KEY,
  "first_name"        TEXT CHECK (length("first_name") BETWEEN 1 AND 100),
  "last_name"         TEXT CHECK (length("last_name") <= 100),
  "profile_image_url" TEXT,
  "bio"               TEXT CHECK (length("bio") <= 500),
  "location"          TEXT CHECK (length("location") <= 100),
  "birth_year"        INTEGER CHECK ("birth_year" >= 1900),
  "gender"            TEXT CHECK ("gender" IN ('male', 'female', 'non-binary', 'prefer-not-to-say')),
  "occupation"        TEXT CHECK (length("occupation") <= 100),
  "website"           TEXT,
  "twitter_handle"    TEXT CHECK ("twitter_handle" ~ '^[A-Za-z0-9_]{1,50}$'),
  "linkedin_url"      TEXT,
  "facebook_url"      TEXT,
  "instagram_handle"  TEXT CHECK ("instagram_handle" ~ '^[A-Za-z0-9._]{1,50}$'),
  "updated_at"        TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE "account"."settings" (
  "user_id"                UUID PRIMARY KEY,
  "profile_visibility"     TEXT NOT NULL DEFAULT 'public' CHECK ("profile_visibility" IN ('public', 'private')),
  "activity_visibility"    TEXT NOT NULL DEFAULT 'public' CHECK ("activity_visibility" IN ('public', 'private')),
  "email_notifications"    BOOLEAN NOT NULL DEFAULT true,
  "activity_notifications" BOOLEAN NOT NULL DEFAULT true,
  "priority_notifications" BOOLEAN NOT NULL DEFAULT true
);
