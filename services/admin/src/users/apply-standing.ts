// An account's standing (isAdmin, isBanned, approvalStatus) as auth last reported it: from
// civic.auth.user.standing_changed, and from rpc.auth.change_standing's reply right after an action
// (so the action's answer and the next page read are current before the event arrives). Only a newer
// standingVersion is applied, so the event arriving after the reply, or late, changes nothing.
import type { TApprovalStatus } from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { upsertDirectoryRow } from './directory-writes.ts';

export interface Standing {
  userId: string;
  isAdmin: boolean;
  isBanned: boolean;
  approvalStatus: TApprovalStatus;
  standingVersion: number;
}

export function applyStanding(tx: SqlDriver, s: Standing): Promise<void> {
  return upsertDirectoryRow(
    tx,
    s.userId,
    {
      columns: ['is_admin', 'is_banned', 'approval_status', 'standing_version'],
      values: ['$2::boolean', '$3::boolean', '$4', '$5::int'],
      update: `is_admin = EXCLUDED.is_admin, is_banned = EXCLUDED.is_banned, approval_status = EXCLUDED.approval_status,
        standing_version = EXCLUDED.standing_version`,
      guard: 'd.standing_version < EXCLUDED.standing_version',
    },
    s.isAdmin,
    s.isBanned,
    s.approvalStatus,
    s.standingVersion,
  );
}
