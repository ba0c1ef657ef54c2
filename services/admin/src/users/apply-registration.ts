// civic.auth.user.registered → the row's e-mail and creation time (the page shows it from now on), and
// its standing at sign-up (admin by ADMIN_EMAILS, pending while approval is required) unless a
// standing change (version ≥ 1) arrived first: the registration is standing version 0.
import type { authEvents, EventPayload } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { upsertDirectoryRow } from './directory-writes.ts';

export function applyRegistration(tx: SqlDriver, p: EventPayload<typeof authEvents.UserRegistered>): Promise<void> {
  return upsertDirectoryRow(
    tx,
    p.userId,
    {
      columns: ['email', 'created_at', 'is_admin', 'approval_status'],
      values: ['$2', '$3::timestamptz', '$4::boolean', '$5'],
      update: `email = EXCLUDED.email, created_at = EXCLUDED.created_at,
        is_admin = CASE WHEN d.standing_version = 0 THEN EXCLUDED.is_admin ELSE d.is_admin END,
        approval_status = CASE WHEN d.standing_version = 0 THEN EXCLUDED.approval_status ELSE d.approval_status END`,
      guard: 'd.email IS NULL',
    },
    p.email,
    p.registeredAt,
    p.isAdmin,
    p.approvalStatus ?? 'approved',
  );
}
