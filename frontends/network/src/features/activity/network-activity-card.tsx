// Network Activity (spec 2.9, 9): the public activity of the citizens the caller follows, read with
// limit 20 (GET /api/activities?network=true&limit=20), the 10 latest shown in a scrollable list.
import type { TActivity } from '@civic/contracts/social/http';
import { ageText } from '@civic/frontend-kit';
import { useQuery } from '@tanstack/react-query';
import { Activity, Radio } from 'lucide-react';
import { NETWORK_ACTIVITY_PATH, NETWORK_ACTIVITY_SHOWN } from '../../api/network-paths.ts';
import { SideCard } from '../network-page/side-card.tsx';
import { NETWORK_TEXTS, nameOf } from '../texts/network-texts.ts';

export function NetworkActivityCard() {
  const activities = useQuery<TActivity[]>({ queryKey: [NETWORK_ACTIVITY_PATH] });
  return (
    <SideCard id="network-activity" title={NETWORK_TEXTS.activityTitle} icon={<Radio className="size-5 text-primary" aria-hidden="true" />}>
      {activities.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          {NETWORK_TEXTS.loading}
        </p>
      ) : activities.isError ? (
        <p className="text-sm text-slate-500">{NETWORK_TEXTS.loadFailed}</p>
      ) : activities.data.length === 0 ? (
        <p className="text-sm text-slate-500">{NETWORK_TEXTS.noActivity}</p>
      ) : (
        // Focusable so a keyboard can scroll it (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
        <ul aria-label="Latest network activity" tabIndex={0} className="grid max-h-80 gap-3 overflow-y-auto pr-1">
          {activities.data.slice(0, NETWORK_ACTIVITY_SHOWN).map((activity) => (
            <li key={activity.id} className="flex items-start gap-3 text-sm">
              <Activity className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{nameOf(activity.user)}</p>
                <p className="break-words text-slate-700">{activity.description}</p>
                <p className="text-xs text-slate-500">{ageText(activity.createdAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SideCard>
  );
}
