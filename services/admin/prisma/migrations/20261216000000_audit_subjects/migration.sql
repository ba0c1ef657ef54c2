-- Issue 35 item 8 (SECURITY 25): an entry about a citizen names them the way it names its
-- administrator, by a pseudonym. A user target's id and a content author's id are chained as the
-- citizen's subject_ref; the link lives here, and erasure deletes it, so the entries stay (and the
-- chain still verifies) without naming anyone. Entries written before this migration keep what they
-- chained (docs/security.md "What remains after erasure").
CREATE TABLE "admin"."audit_subjects" (
  "user_id"     UUID PRIMARY KEY,
  "subject_ref" UUID NOT NULL UNIQUE
);

-- The title of the content an entry is about (a deleted priority or briefing document). Outside the
-- chain, like a local action's client address, because it is the author's content: erasure deletes
-- the titles of the erased author's entries (author_ref is the author's subject_ref, chained too).
CREATE TABLE "admin"."audit_titles" (
  "entry_id"   UUID PRIMARY KEY REFERENCES "admin"."audit_logs" ("id"),
  "author_ref" UUID,
  "title"      TEXT NOT NULL
);

CREATE INDEX "audit_titles_author_ref_idx" ON "admin"."audit_titles" ("author_ref");
