-- Issue 17: the Talking Points tile follows the briefing documents that exist. An erased account's
-- documents are deleted by the briefing service without one event each, so priorities keeps each
-- document's author and forgets their documents on civic.account.user.deleted
-- (src/data-rights/erase-user.ts). Rows recorded before this have no author (none exist in
-- production: no briefing service published before issue 17).
ALTER TABLE "priorities"."briefing_documents" ADD COLUMN "author_id" UUID;
CREATE INDEX "briefing_documents_author_id_idx" ON "priorities"."briefing_documents" ("author_id");
