-- Issue 20, account standing. The approval queue (registration_approval_required): a new account is
-- 'pending' until an administrator approves or rejects it; every account from before is 'approved'.
-- standing_version grows with every change of is_admin, is_banned or approval_status (the
-- civic.auth.user.standing_changed events and the session flags carry it, so an older change
-- arriving late never overwrites a newer one).
ALTER TABLE "auth"."users"
  ADD COLUMN "approval_status" TEXT NOT NULL DEFAULT 'approved'
    CONSTRAINT "users_approval_status_check" CHECK ("approval_status" IN ('approved', 'pending', 'rejected')),
  ADD COLUMN "standing_version" INTEGER NOT NULL DEFAULT 0;
