-- The Issues page (issue 38): each issue's active priorities in rank order. GET /api/issues reads
-- every issue's count and top priority with two index probes per issue along this index (151
-- issues: no pass over the priorities table), and an issue's page walks its part of it. Partial
-- like priorities_rank_idx: removed priorities are in no citizen's list.
CREATE INDEX "priorities_issue_rank_idx" ON "priorities"."priorities" ("issue_id", "score" DESC, "endorsements" DESC, "created_at" ASC, "id" ASC) WHERE "is_active";
