// What a standing change does to an account, as a pure decision: refused (and why),
// unchanged (it already stood so: no event, no audit entry), or the standing after it. The caller
// checks who asks (an administrator, not on their own row) before; these are the rules about the
// account itself.
import { ADMIN_MESSAGES, SIGN_IN_MESSAGES, type TApprovalStatus, type TStandingChange } from '@civic/contracts';

export interface Standing {
  isAdmin: boolean;
  isBanned: boolean;
  approvalStatus: TApprovalStatus;
}

export type StandingDecision = { kind: 'refused'; message: string } | { kind: 'unchanged' } | { kind: 'changed'; next: Standing };

/**
 * Admin status goes only to an account in good standing: a banned one would be a banned
 * administrator (which the ban rules exclude), and an account awaiting approval is decided first.
 * The contracts have no message for these two (the screens never offer them); the server says why.
 */
export const GRANT_TO_BANNED_MESSAGE = `${SIGN_IN_MESSAGES.banned} Unban it before granting admin status.`;
export const GRANT_TO_UNAPPROVED_MESSAGE = 'Only an approved account can be granted admin status.';

/** The refusal of a change on one's own row, by kind of change. */
export function selfRefusal(change: TStandingChange): string {
  if (change === 'grant_admin' || change === 'revoke_admin') return ADMIN_MESSAGES.cannotChangeOwnAdmin;
  if (change === 'ban_user' || change === 'unban_user') return ADMIN_MESSAGES.cannotBanSelf;
  return ADMIN_MESSAGES.cannotDecideOwn;
}

export function decideStandingChange(current: Standing, change: TStandingChange): StandingDecision {
  const refused = (message: string): StandingDecision => ({ kind: 'refused', message });
  const to = (next: Partial<Standing>): StandingDecision => ({ kind: 'changed', next: { ...current, ...next } });
  const unchanged: StandingDecision = { kind: 'unchanged' };
  switch (change) {
    case 'grant_admin':
      if (current.isAdmin) return unchanged;
      if (current.isBanned) return refused(GRANT_TO_BANNED_MESSAGE);
      if (current.approvalStatus !== 'approved') return refused(GRANT_TO_UNAPPROVED_MESSAGE);
      return to({ isAdmin: true });
    case 'revoke_admin':
      return current.isAdmin ? to({ isAdmin: false }) : unchanged;
    case 'ban_user':
      if (current.isAdmin) return refused(ADMIN_MESSAGES.cannotBanAdmin);
      return current.isBanned ? unchanged : to({ isBanned: true });
    case 'unban_user':
      return current.isBanned ? to({ isBanned: false }) : unchanged;
    case 'approve_user':
      return current.approvalStatus === 'pending' ? to({ approvalStatus: 'approved' }) : refused(ADMIN_MESSAGES.notPending);
    case 'reject_user':
      return current.approvalStatus === 'pending' ? to({ approvalStatus: 'rejected' }) : refused(ADMIN_MESSAGES.notPending);
  }
}

/** Changes after which the account has no session left: revoked in the transaction and again after it. */
export function endsSessions(change: TStandingChange): boolean {
  return change === 'ban_user' || change === 'reject_user';
}

/**
 * Changes that take a right away: their flags are written to the sessions before the commit too, so a
 * crash between the commit and the update after it cannot leave the old, wider rights in place.
 * Changes that give a right are written only after the commit (a rolled-back grant must never reach
 * a session); a crash there leaves the narrower rights until the next sign-in or a repeated call.
 */
export function narrowsRights(change: TStandingChange): boolean {
  return change === 'revoke_admin' || endsSessions(change);
}
