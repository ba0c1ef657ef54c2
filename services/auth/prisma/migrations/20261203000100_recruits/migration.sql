-- Issue 18, recruiting. A sign-in request keeps the recruiter whose invitation link (`/?ref={userId}`)
-- the visitor came by: the request is what survives the magic link's round trip, so the link itself
-- needs to carry nothing.
ALTER TABLE "auth"."sign_in_states" ADD COLUMN "recruiter_id" UUID;

-- The addresses of erased accounts, so one that signs up again is no recruit (no reward is paid
-- twice for one person). Only a keyed hash of the canonical address is kept (src/users/erased-
-- addresses.ts): it tells whether a given address was erased, and nothing else; the list of
-- addresses cannot be read back from it.
CREATE TABLE "auth"."erased_addresses" (
  "address_hash" TEXT PRIMARY KEY,
  "erased_at"    TIMESTAMPTZ(3) NOT NULL
);
