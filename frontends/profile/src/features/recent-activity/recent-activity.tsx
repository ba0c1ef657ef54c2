// A profile's "Recent Activity" (spec 2.10): the user's latest activities as the social service lets
// the viewer see them. A private activity list, or one hidden by a block either way, says so instead
// of looking empty.
import type { TUserActivities } from '@civic/contracts';
import { operationPath } from '@civic/contracts/shared/route';
import { SOCIAL_ROUTES } from '@civic/contracts/social/routes';
import { ageText, Card } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { Activity, Lock, ShieldAlert } from 'lucide-react';

export const RECENT_ACTIVITY_TEXTS = {
  title: 'Recent Activity',
  loading: 'Loading activity...',
  failed: 'Activity could not be loaded.',
  empty: 'No recent activity.',
  private: "This user's activity is private.",
  /** Spec 2.10: a block either way hides each one's activity from the other. */
  blocked: 'Activity is hidden because one of you has blocked the other.',
} as const;

export function RecentActivity({ userId }: { userId: string }) {
  const activities = useQuery<TUserActivities>({ queryKey: [operationPath(SOCIAL_ROUTES.listUserActivities, { id: userId })] });
  return (
    <Card className="p-6" role="region" aria-label={RECENT_ACTIVITY_TEXTS.title}>
      <h2 className="text-lg font-semibold text-slate-900">{RECENT_ACTIVITY_TEXTS.title}</h2>
      <ActivityBody query={activities} />
    </Card>
  );
}

function ActivityBody({ query }: { query: ReturnType<typeof useQuery<TUserActivities>> }) {
  if (query.isPending)
    return (
      <p className="mt-2 text-sm text-slate-500" role="status">
        {RECENT_ACTIVITY_TEXTS.loading}
      </p>
    );
  if (query.isError) return <p className="mt-2 text-sm text-slate-500">{RECENT_ACTIVITY_TEXTS.failed}</p>;
  if (query.data.hiddenBecause === 'blocked') {
    return (
      <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
        <ShieldAlert className="size-4" aria-hidden="true" /> {RECENT_ACTIVITY_TEXTS.blocked}
      </p>
    );
  }
  if (query.data.isPrivate) {
    return (
      <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
        <Lock className="size-4" aria-hidden="true" /> {RECENT_ACTIVITY_TEXTS.private}
      </p>
    );
  }
  if (query.data.activities.length === 0) return <p className="mt-2 text-sm text-slate-500">{RECENT_ACTIVITY_TEXTS.empty}</p>;
  return (
    <ul className="mt-3 grid gap-3">
      {query.data.activities.map((activity) => (
        <li key={activity.id} className="flex items-start gap-3 text-sm">
          <Activity className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <p className="text-slate-800">{activity.description}</p>
            <p className="text-xs text-slate-500">{ageText(activity.createdAt)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
