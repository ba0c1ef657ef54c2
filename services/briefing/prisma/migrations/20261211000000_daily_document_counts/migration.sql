-- SECURITY 30, max_briefing_docs_per_user_per_day: one row per user and UTC day, incremented only
-- while below the limit, in the creating transaction (the row lock serialises concurrent creates of
-- one user), as priorities' daily_priority_counts. Never decremented: a deleted document still
-- counts, so creating and deleting cannot buy more documents (or rewards) in a day.
CREATE TABLE "briefing"."daily_document_counts" (
  "user_id" UUID NOT NULL,
  "day"     DATE NOT NULL,
  "created" INTEGER NOT NULL CHECK ("created" >= 0),
  PRIMARY KEY ("user_id", "day")
);
