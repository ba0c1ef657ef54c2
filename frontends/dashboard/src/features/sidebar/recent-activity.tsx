// Recent Activity (spec 2.5, 9): the caller's own feed, fetched with limit 10, 5 shown.
import type { TActivity } from '@civic/contracts/social/http';
import { ageText } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { Activity, History } from 'lucide-react';
import { RECENT_ACTIVITY_QUERY_KEY, RECENT_ACTIVITY_SHOWN } from '../../api/queries.ts';
import { SidebarCard } from './sidebar-card.tsx';

export function RecentActivity() {
  const activities = useQuery<TActivity[]>({ queryKey: RECENT_ACTIVITY_QUERY_KEY });
  return (
    <SidebarCard title="Recent Activity" icon={<History className="size-5 text-primary" aria-hidden="true" />}>
      {activities.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Loading activity...
        </p>
      ) : activities.isError ? (
        <p className="text-sm text-slate-500">Activity could not be loaded.</p>
      ) : activities.data.length === 0 ? (
        <p className="text-sm text-slate-500">No recent activity yet. Create or endorse a priority to get started.</p>
      ) : (
        <ul className="grid gap-3">
          {activities.data.slice(0, RECENT_ACTIVITY_SHOWN).map((activity) => (
            <li key={activity.id} className="flex items-start gap-3 text-sm">
              <Activity className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0">
                <p className="break-words text-slate-800">{activity.description}</p>
                <p className="text-xs text-slate-500">{ageText(activity.createdAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SidebarCard>
  );
}
