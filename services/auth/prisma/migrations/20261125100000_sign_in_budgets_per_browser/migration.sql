-- Issue 14 item 2: sign-in limits a third party cannot turn against an address's owner. Mails and
-- code failures are counted per address and asking browser (the SHA-256 of its pre-session cookie,
-- as sign_in_states.browser_hash), and address-wide only over browsers that are not a known device of
-- the account (a browser that has signed in to it before, by its signed cookie). Rows written before
-- this migration have no browser: they count address-wide only.
ALTER TABLE "auth"."sign_in_mails"
  ADD COLUMN "browser_hash" TEXT,
  ADD COLUMN "known_device" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "auth"."sign_in_failures"
  ADD COLUMN "browser_hash" TEXT,
  ADD COLUMN "known_device" BOOLEAN NOT NULL DEFAULT false;
-- Whether the asking browser was a known device of the account when it asked; the code is checked in
-- that same browser (SECURITY 7), so its failures are counted as that browser's.
ALTER TABLE "auth"."sign_in_states"
  ADD COLUMN "known_device" BOOLEAN NOT NULL DEFAULT false;
