-- Issue 23: an administrator's open-data snapshot is audited as take_open_data_snapshot, its target
-- the snapshot (target type open_data_snapshot). The CHECK lists of 20261204000000_init gain them
-- (contracts/src/messages/admin.ts AUDIT_ACTIONS and AUDIT_TARGET_TYPES); existing rows all pass, and
-- the chain's hashes do not involve the constraints.
ALTER TABLE "admin"."audit_logs"
  DROP CONSTRAINT "audit_logs_action_check",
  ADD CONSTRAINT "audit_logs_action_check" CHECK ("action" IN ('grant_admin', 'revoke_admin', 'ban_user', 'unban_user', 'delete_priority', 'delete_briefing_doc', 'update_setting', 'create_announcement', 'update_announcement', 'delete_announcement', 'update_user', 'delete_content', 'take_open_data_snapshot')),
  DROP CONSTRAINT "audit_logs_target_type_check",
  ADD CONSTRAINT "audit_logs_target_type_check" CHECK ("target_type" IN ('user', 'priority', 'briefing_doc', 'setting', 'announcement', 'open_data_snapshot'));
