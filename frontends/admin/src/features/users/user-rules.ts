// What a row of User Management shows and offers (spec 2.12, 5 "Admin user actions", 6; issue 20):
// its status badges, which buttons it has and which are disabled, and the page's count cards.
import type { TAdminUser } from '@civic/contracts/admin/http';

export type UserBadge = 'Admin' | 'Banned' | 'Pending' | 'Rejected' | 'Active';

/**
 * Admin and Banned as spec 2.12 says; Pending (and Rejected) for the approval queue. Active only when
 * none of those applies: an account awaiting approval is not active yet.
 */
export function statusBadges(user: Pick<TAdminUser, 'isAdmin' | 'isBanned' | 'approvalStatus'>): UserBadge[] {
  const badges: UserBadge[] = [];
  if (user.isAdmin) badges.push('Admin');
  if (user.isBanned) badges.push('Banned');
  if (user.approvalStatus === 'pending') badges.push('Pending');
  if (user.approvalStatus === 'rejected') badges.push('Rejected');
  return badges.length > 0 ? badges : ['Active'];
}

export interface RowActions {
  /** Grant or Revoke admin: always there, disabled on one's own row. */
  adminToggle: { label: 'Grant Admin' | 'Revoke Admin'; disabled: boolean };
  /** Ban: only for users not yet banned; disabled on one's own row and for admins. */
  ban: { disabled: boolean } | null;
  /** Unban (issue 20: operators undo mistakes): only on banned rows. */
  unban: boolean;
  /** Approve and Reject: only on rows awaiting approval (never one's own). */
  decide: { disabled: boolean } | null;
}

export function rowActions(user: Pick<TAdminUser, 'id' | 'isAdmin' | 'isBanned' | 'approvalStatus'>, currentUserId: string | undefined): RowActions {
  const own = user.id === currentUserId;
  return {
    adminToggle: { label: user.isAdmin ? 'Revoke Admin' : 'Grant Admin', disabled: own },
    ban: user.isBanned ? null : { disabled: own || user.isAdmin },
    unban: user.isBanned,
    decide: user.approvalStatus === 'pending' ? { disabled: own } : null,
  };
}

/** spec 2.12: Total Users and Admin Users, counted from the current page only. */
export function userCounts(users: readonly Pick<TAdminUser, 'isAdmin'>[]): { total: number; admins: number } {
  return { total: users.length, admins: users.filter((user) => user.isAdmin).length };
}

/** The full name; the e-mail for an account without a name yet. */
export function fullNameOf(user: Pick<TAdminUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
