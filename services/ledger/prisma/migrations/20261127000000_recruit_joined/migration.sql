-- A new entry kind: 'recruit_joined', the recruiter's reward when a recruited citizen joins
-- (civic.social.recruit.joined, recruit_user_reward; docs/ledger.md "Earning"). Like the other
-- credits from events it must carry the event's id, the key that makes a replay credit nothing.
-- Both CHECKs are replaced in one statement, so no moment allows a kind without its rule.
ALTER TABLE "ledger"."entries"
  DROP CONSTRAINT "entries_kind_check",
  ADD CONSTRAINT "entries_kind_check"
    CHECK ("kind" IN ('initial', 'priority_created', 'briefing_created', 'recruit_joined', 'daily_login', 'debit', 'refund')),
  DROP CONSTRAINT "entries_event_kinds_have_an_event",
  ADD CONSTRAINT "entries_event_kinds_have_an_event"
    CHECK ("kind" NOT IN ('initial', 'priority_created', 'briefing_created', 'recruit_joined') OR "event_id" IS NOT NULL);
