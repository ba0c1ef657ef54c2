-- Issue 14 item 7: the list's search is `title ILIKE '%term%' OR description ILIKE '%term%'`
-- (src/priorities/list-priorities.ts), a leading wildcard no B-tree can serve, so without these every
-- search read every active priority. A trigram GIN index per column answers each ILIKE with the rows
-- that contain the term's trigrams (a BitmapOr of the two), then the page is sorted by rank.
-- Measured on 50,000 priorities: README "Search cost" and docs/ranking.md 6.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. It goes into
-- public, whichever service's schema runs this, so its operator class is named with that schema; the
-- embedded profile's PGlite loads it at start (services/kit/src/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
-- Partial like the list itself (inactive priorities are never listed). fastupdate off: a new
-- priority goes into the index at once instead of GIN's pending list, which every search would read
-- through until it is merged, and which makes the planner shun the index meanwhile (tried: with the
-- list at 256 kB, 5,000 fresh rows were still searched by a table scan). Creations are few
-- (max_priorities_per_user_per_day) and searches many; the price is bulk loads: 50,000 rows in one
-- statement took 40 s against 0.8 s without the indexes (a single row a few ms, on a loaded machine).
CREATE INDEX "priorities_title_trgm_idx" ON "priorities"."priorities" USING gin ("title" public.gin_trgm_ops) WITH (fastupdate = off) WHERE "is_active";
CREATE INDEX "priorities_description_trgm_idx" ON "priorities"."priorities" USING gin ("description" public.gin_trgm_ops) WITH (fastupdate = off) WHERE "is_active";
