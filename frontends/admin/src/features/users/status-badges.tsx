// The Status column (spec 2.12): Admin, Banned, Active, plus Pending (and Rejected) of the approval queue.
import type { TAdminUser } from '@civic/contracts/admin/http';
import { cn } from '@civic/frontend-kit';
import { statusBadges, type UserBadge } from './user-rules.ts';

const BADGE_CLASSES: Record<UserBadge, string> = {
  Admin: 'bg-blue-100 text-blue-900',
  Banned: 'bg-red-100 text-red-900',
  Pending: 'bg-amber-100 text-amber-900',
  Rejected: 'bg-slate-200 text-slate-800',
  Active: 'bg-green-100 text-green-900',
};

export function StatusBadges({ user }: { user: Pick<TAdminUser, 'isAdmin' | 'isBanned' | 'approvalStatus'> }) {
  return (
    <span className="flex flex-wrap gap-1">
      {statusBadges(user).map((badge) => (
        <span key={badge} className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', BADGE_CLASSES[badge])}>
          {badge}
        </span>
      ))}
    </span>
  );
}
