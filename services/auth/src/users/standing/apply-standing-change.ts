// One change of an account's standing inside the caller's transaction (the admin's request, or the
// automatic ban's consumer): the row locked FOR UPDATE (so changes of one account, and the session
// start's re-read in sessions.ts, take turns), the rules (standing-rules.ts), the update with the next
// standing_version, civic.auth.user.standing_changed (and civic.auth.session.revoked when the
// sessions end) in the same transaction, and the session effects that must not wait for the commit.
import type { TAdminOrigin, TApprovalStatus, TChangeStandingReply, TStandingChange } from '@civic/contracts';
import type { SessionStore } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import { emitSessionRevoked, emitUserStandingChanged } from '../../events.ts';
import { standingFlags } from '../../sessions/sessions.ts';
import { decideStandingChange, endsSessions, narrowsRights } from './standing-rules.ts';

export interface StandingChangeRequest {
  userId: string;
  change: TStandingChange;
  /** The administrator making it; null for the automatic ban. */
  adminId: string | null;
  /** The automatic ban's report count and threshold (civic.admin.user.auto_ban_requested). */
  automatic?: { reportCount: number; threshold: number };
  /** The administrator's request, for the audit entry (SECURITY 23); absent for the automatic ban. */
  origin?: TAdminOrigin;
}

interface StandingRow {
  is_admin: boolean;
  is_banned: boolean;
  approval_status: string;
  standing_version: number;
}

export type AccountStanding = NonNullable<TChangeStandingReply['standing']>;

const standingOf = (userId: string, row: StandingRow): AccountStanding => ({
  userId,
  isAdmin: row.is_admin,
  isBanned: row.is_banned,
  approvalStatus: row.approval_status as TApprovalStatus,
  standingVersion: row.standing_version,
});

export async function applyStandingChange(tx: SqlDriver, sessions: SessionStore, request: StandingChangeRequest, now: Date): Promise<TChangeStandingReply> {
  const { userId, change } = request;
  // An erased account has no row; a superseded one (a duplicate of a mailbox) can never sign in again.
  const [row] = await tx.query<StandingRow>(
    `SELECT is_admin, is_banned, approval_status, standing_version FROM auth.users
     WHERE id = $1::uuid AND superseded_by IS NULL FOR UPDATE`,
    [userId],
  );
  if (!row) return { outcome: 'not_found', standing: null };
  const current = standingOf(userId, row);
  const decision = decideStandingChange(current, change);
  if (decision.kind === 'refused') return { outcome: 'refused', message: decision.message, standing: current };
  if (decision.kind === 'unchanged') return { outcome: 'unchanged', standing: current };

  const { next } = decision;
  const [updated] = await tx.query<StandingRow>(
    `UPDATE auth.users SET is_admin = $2, is_banned = $3, approval_status = $4, standing_version = standing_version + 1
     WHERE id = $1::uuid RETURNING is_admin, is_banned, approval_status, standing_version`,
    [userId, next.isAdmin, next.isBanned, next.approvalStatus],
  );
  const standing = standingOf(userId, updated!);
  await emitUserStandingChanged(tx, {
    ...standing,
    change,
    adminId: request.adminId,
    automatic: request.automatic !== undefined,
    ...(request.automatic ?? {}),
    changedAt: now.toISOString(),
    ...(request.origin ? { origin: request.origin } : {}),
  });
  if (endsSessions(change)) {
    await emitSessionRevoked(tx, { userId, reason: 'ban', revokedAt: now.toISOString() });
  }
  // Before the commit, while the row is locked: a crash after the commit cannot leave the wider rights.
  if (narrowsRights(change)) await applySessionEffect(sessions, change, standing);
  return { outcome: 'changed', standing };
}

/**
 * Brings the user's sessions in line with a standing: none left after a ban or a rejection, the new
 * flags (version-checked, so an older change's late update never wins) otherwise. Safe to repeat.
 */
export async function applySessionEffect(sessions: SessionStore, change: TStandingChange, standing: AccountStanding): Promise<void> {
  if (endsSessions(change) || standing.isBanned || standing.approvalStatus === 'rejected') {
    await sessions.revokeUser(standing.userId);
    return;
  }
  await sessions.updateUserFlags(
    standing.userId,
    standingFlags({
      is_admin: standing.isAdmin,
      is_banned: standing.isBanned,
      approval_status: standing.approvalStatus,
      standing_version: standing.standingVersion,
    }),
  );
}
