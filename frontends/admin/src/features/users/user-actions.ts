// The actions on a user (spec 2.12, 7.4, 8; issue 20): the call each makes, its confirmation (the spec's
// texts for Change Admin Status and Ban User; our own for Unban and Reject; Approve needs none) and
// the toasts' fallbacks when the server gives no message.
import { operationPath } from '@civic/contracts/shared/route';
import { ADMIN_ROUTES } from '@civic/contracts/admin/routes';
import { ADMIN_MESSAGES } from '@civic/contracts/admin/messages';

export type UserActionKind = 'grant' | 'revoke' | 'ban' | 'unban' | 'approve' | 'reject';

export interface UserActionRequest {
  method: 'PATCH' | 'POST';
  path: string;
  body?: { isAdmin: boolean };
}

export function userActionRequest(kind: UserActionKind, userId: string): UserActionRequest {
  const id = { id: userId };
  switch (kind) {
    case 'grant':
    case 'revoke':
      return { method: ADMIN_ROUTES.setUserAdmin.method, path: operationPath(ADMIN_ROUTES.setUserAdmin, id), body: { isAdmin: kind === 'grant' } };
    case 'ban':
      return { method: ADMIN_ROUTES.banUser.method, path: operationPath(ADMIN_ROUTES.banUser, id) };
    case 'unban':
      return { method: ADMIN_ROUTES.unbanUser.method, path: operationPath(ADMIN_ROUTES.unbanUser, id) };
    case 'approve':
      return { method: ADMIN_ROUTES.approveUser.method, path: operationPath(ADMIN_ROUTES.approveUser, id) };
    case 'reject':
      return { method: ADMIN_ROUTES.rejectUser.method, path: operationPath(ADMIN_ROUTES.rejectUser, id) };
  }
}

export interface UserActionConfirmation {
  title: string;
  text: string;
  confirmLabel: string;
  /** Revoke, Ban and Reject are red (spec 2.12). */
  destructive: boolean;
}

/** The confirmation dialog of an action, or null when it acts at once (Approve). */
export function confirmationOf(kind: UserActionKind, name: string): UserActionConfirmation | null {
  switch (kind) {
    case 'grant':
      return {
        title: 'Change Admin Status',
        text: `Are you sure you want to grant admin privileges to ${name}?`,
        confirmLabel: 'Grant Admin',
        destructive: false,
      };
    case 'revoke':
      return {
        title: 'Change Admin Status',
        text: `Are you sure you want to revoke admin privileges from ${name}?`,
        confirmLabel: 'Revoke Admin',
        destructive: true,
      };
    case 'ban':
      return {
        title: 'Ban User',
        text: `Are you sure you want to ban ${name}? They will no longer be able to create content.`,
        confirmLabel: 'Ban User',
        destructive: true,
      };
    case 'unban':
      return {
        title: 'Unban User',
        text: `Are you sure you want to unban ${name}? They will be able to sign in and create content again.`,
        confirmLabel: 'Unban User',
        destructive: false,
      };
    case 'reject':
      return {
        title: 'Reject User',
        text: `Are you sure you want to reject ${name}? Their account will not be approved and they will be signed out.`,
        confirmLabel: 'Reject User',
        destructive: true,
      };
    case 'approve':
      return null;
  }
}

/** The success toast's text when the answer carries no message, and the failure toast's fallback (spec 8). */
export const ACTION_TOASTS: Record<UserActionKind, { succeeded: string; failed: string }> = {
  grant: { succeeded: ADMIN_MESSAGES.adminGranted, failed: ADMIN_MESSAGES.updateAdminFailed },
  revoke: { succeeded: ADMIN_MESSAGES.adminRevoked, failed: ADMIN_MESSAGES.updateAdminFailed },
  ban: { succeeded: ADMIN_MESSAGES.userBanned, failed: ADMIN_MESSAGES.banFailed },
  unban: { succeeded: ADMIN_MESSAGES.userUnbanned, failed: ADMIN_MESSAGES.unbanFailed },
  approve: { succeeded: ADMIN_MESSAGES.userApproved, failed: ADMIN_MESSAGES.approvalFailed },
  reject: { succeeded: ADMIN_MESSAGES.userRejected, failed: ADMIN_MESSAGES.approvalFailed },
};
