-- The list's search reads one lower-cased copy of each document's text (issue 17's benchmark): a
-- case-insensitive match (ILIKE) over ~1 KB of title and content cost ~10 µs a row, three times a
-- byte-wise LIKE over text already lower-cased, and the planner walks hundreds of newest documents
-- for a common word, or rechecks every trigram candidate for a rare one. Generated, so no writer can
-- let it disagree with the text; one trigram index on it replaces the two on title and content.
-- The newline keeps a term from matching across the end of the title and the start of the content.
ALTER TABLE "briefing"."documents"
  ADD COLUMN "search_text" TEXT GENERATED ALWAYS AS (lower("title" || E'\n' || "content")) STORED;
DROP INDEX "briefing"."documents_title_trgm_idx";
DROP INDEX "briefing"."documents_content_trgm_idx";
CREATE INDEX "documents_search_text_trgm_idx" ON "briefing"."documents" USING gin ("search_text" public.gin_trgm_ops) WITH (fastupdate = off);
