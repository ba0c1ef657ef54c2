-- Issue 22: the version of a user's settings, raised by every change (a PATCH or an unsubscribe link).
-- civic.account.settings.changed carries it, so the notifications service keeps the newest switches
-- whatever order the events arrive in. Existing and newly registered rows start at 0: the first
-- change publishes version 1 (the contract's versions are positive).
ALTER TABLE "account"."settings" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 0;
