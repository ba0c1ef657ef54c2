-- When the member last cleared their activity history: an activity event that arrives afterwards
-- about an act from before it (a consumer's lag, a backoff) is part of the cleared history and is
-- not recorded (src/activities/record-activity.ts).
ALTER TABLE "social"."members" ADD COLUMN "activities_cleared_at" TIMESTAMPTZ(3);
