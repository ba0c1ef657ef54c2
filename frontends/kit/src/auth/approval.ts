// Accounts awaiting an administrator's approval (registration_approval_required, issue 20): signed in,
// but every signed-in page shows the awaiting-approval notice instead of the app until approved.
import type { TApprovalStatus } from '@civic/contracts/admin/messages';
import type { CurrentUser } from './current-user.ts';

/** An answer without approvalStatus (an auth from before issue 20) is an approved account. */
export const isAwaitingApproval = (user: (CurrentUser & { approvalStatus?: TApprovalStatus }) | null | undefined): boolean =>
  user?.approvalStatus === 'pending';
